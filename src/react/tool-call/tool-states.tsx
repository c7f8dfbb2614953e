import type { ReactElement } from 'react';
import { DEFAULT_TOOL_CARD_LABELS, STATE_ICONS } from '../../card/index.js';
import { TOOL_STATES, type ToolState } from '../../types.js';
import { Icon } from './Icon.js';

/** How a tool state is shown: a short label and an icon (decorative; the label carries the meaning). */
export interface ToolStateDisplay {
  label: string;
  icon: ReactElement;
}

/** The icon of a state, as the card's badge draws it. */
export function StateIcon({ state }: { state: ToolState }) {
  return <Icon shapes={STATE_ICONS[state] ?? []} name={state} />;
}

/**
 * Default label and icon per state — one table, so a new state cannot be forgotten. (The card
 * itself takes its labels from `labels`, and says "Called" for a past `input-available`.)
 */
export const TOOL_STATE_DISPLAY: Readonly<Record<ToolState, ToolStateDisplay>> = Object.fromEntries(
  TOOL_STATES.map((state) => [state, { label: DEFAULT_TOOL_CARD_LABELS.states[state], icon: <StateIcon state={state} /> }]),
) as Record<ToolState, ToolStateDisplay>;
