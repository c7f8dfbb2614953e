import type { ToolState } from '../types.js';

/** One shape of an icon: an SVG element name and its attributes (16×16 view box, stroked). */
export interface IconShape {
  tag: 'circle' | 'path';
  attributes: Readonly<Record<string, string>>;
}

const circle = (extra: Record<string, string> = {}): IconShape => ({ tag: 'circle', attributes: { cx: '8', cy: '8', r: '6', ...extra } });
const path = (d: string): IconShape => ({ tag: 'path', attributes: { d } });
const SHIELD = path('M8 1.8 13.5 4v4c0 3-2.3 5.3-5.5 6.2C4.8 13.3 2.5 11 2.5 8V4z');

/**
 * The state icons, as data both renderers draw (React elements, hast elements): decorative —
 * the label beside them carries the meaning.
 */
export const STATE_ICONS: Readonly<Record<ToolState, readonly IconShape[]>> = {
  'input-streaming': [circle({ 'stroke-dasharray': '3 2.5' })],
  'input-available': [circle(), path('M8 4.5V8l2.5 1.5')],
  'approval-requested': [SHIELD, path('M8 5.5v3M8 10.8v.2')],
  'approval-responded': [SHIELD, path('M5.8 8.2 7.3 9.7l2.9-3.2')],
  'output-available': [circle(), path('M5.5 8.2 7.2 10l3.3-3.8')],
  'output-error': [circle(), path('M6 6l4 4M10 6l-4 4')],
  'output-denied': [circle(), path('M3.8 12.2 12.2 3.8')],
};

/**
 * The badge icon of a call that was made and runs nowhere in view ("Called": a finished
 * transcript, or a display-only one): an arrow out of a circle — sent, not a clock that waits.
 */
export const CALLED_ICON: readonly IconShape[] = [circle(), path('M6 8h4M8.3 6.2 10 8l-1.7 1.8')];

/** A wrench, before the tool's name (as AI Elements' Tool header has). */
export const TOOL_ICON: readonly IconShape[] = [
  path('M10.2 2.3a3.5 3.5 0 0 0-4.4 4.5L2.4 10.2a1.4 1.4 0 0 0 2 2l3.4-3.4a3.5 3.5 0 0 0 4.5-4.4L10.4 6.3 9 6 8.7 4.6z'),
];

/** The disclosure chevron (pointing down; the theme turns it when the card is closed). */
export const CHEVRON_ICON: readonly IconShape[] = [path('M4 6l4 4 4-4')];

/** The attributes every icon's `<svg>` has. */
export const ICON_SVG_ATTRIBUTES: Readonly<Record<string, string>> = {
  width: '14',
  height: '14',
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  'stroke-width': '1.75',
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
  'aria-hidden': 'true',
  focusable: 'false',
};
