import { STATE_ICONS } from '../../card/index.js';
import type { ToolState } from '../../types.js';
import { Icon } from './Icon.js';

/** The icon of a state, as the card's badge draws it (decorative: the badge's label carries the meaning). */
export function StateIcon({ state }: { state: ToolState }) {
  return <Icon shapes={STATE_ICONS[state] ?? []} name={state} />;
}
