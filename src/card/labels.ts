import { withoutUndefined } from '../object.js';
import type { ToolState } from '../types.js';

/**
 * Every string a tool card shows or announces, in the React card and in the remark plugin's
 * HTML alike. Strings with `{name}`-style placeholders are templates: the card fills them in
 * (see {@link fillLabel}), so a translation can put the words in its own order.
 */
export interface ToolCardLabels {
  /** The state badge, per state (`input-available` while the transcript is live: the tool runs). */
  states: Record<ToolState, string>;
  /** The badge of `input-available` in a finished transcript: the call was made, no result is shown. */
  called: string;
  /** Section labels. */
  input: string;
  output: string;
  error: string;
  approval: string;
  /** Approval buttons (also their accessible names). */
  approve: string;
  deny: string;
  /** The question above the buttons; `{tool}` is the tool's name (rendered as code). */
  approvalQuestion: string;
  /** An approval request nobody can answer here (no callback, or static HTML). */
  waitingForApproval: string;
  /** The answer of an approval. */
  approved: string;
  denied: string;
  answered: string;
  /** After "Denied" when no reason was given. */
  notRun: string;
  /** The copy button's text, and while it says how copying went. */
  copy: string;
  copied: string;
  copyFailed: string;
  /** Accessible names of the copy buttons; `{tool}`, and `{field}` for one field of a value. */
  copyInput: string;
  copyOutput: string;
  copyError: string;
  copyField: string;
  /** Accessible name of a value's scrolling block: `{part}` (a section label, or `Input: content`) and `{tool}`. */
  valueLabel: string;
  /** Accessible name of the card: `{tool}`. */
  toolCall: string;
  /** Accessible name of the header's disclosure button: `{tool}` (the visible name, summary and state follow it). */
  toggle: string;
  /** Accessible name of the progress bar while the input streams. */
  receivingInput: string;
  /** In place of the input while it streams and has nothing yet (before its first key). */
  awaitingInput: string;
  /** A call whose input was still streaming when the response stopped. */
  interrupted: string;
  /** A finished block that never reached its closing marker, and the tooltip that explains it. */
  notClosed: string;
  notClosedTitle: string;
  /** A huge value shows its start: `{shown}` and `{total}` are character counts. */
  truncated: string;
  showAll: string;
  /** Shown when a custom renderer threw: `{tool}` and `{error}`. */
  rendererFailed: string;
}

/**
 * The English labels, the default — and the one table of state words: the React card, the remark
 * HTML and the card model all read `states` from here, so they cannot drift apart.
 */
export const DEFAULT_TOOL_CARD_LABELS: Readonly<ToolCardLabels> = Object.freeze({
  states: {
    'input-streaming': 'Receiving input',
    'input-available': 'Running',
    'approval-requested': 'Awaiting approval',
    'approval-responded': 'Approval answered',
    'output-available': 'Completed',
    'output-error': 'Error',
    'output-denied': 'Denied',
  },
  called: 'Called',
  input: 'Input',
  output: 'Output',
  error: 'Error',
  approval: 'Approval',
  approve: 'Approve',
  deny: 'Deny',
  approvalQuestion: 'Allow {tool} to run with this input?',
  waitingForApproval: 'Waiting for approval.',
  approved: 'Approved',
  denied: 'Denied',
  answered: 'Answered',
  notRun: 'the call was not run.',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Copy failed',
  copyInput: 'Copy input of {tool}',
  copyOutput: 'Copy output of {tool}',
  copyError: 'Copy error of {tool}',
  copyField: 'Copy {field} of {tool}',
  valueLabel: '{part} of {tool}',
  toolCall: 'Tool call {tool}',
  toggle: 'Show or hide the details of {tool}',
  receivingInput: 'Receiving input',
  awaitingInput: 'Waiting for the input…',
  // The store's INTERRUPTED_TEXT, written out: the card model must not import the store (zustand).
  interrupted: 'The response stopped before this call was complete.',
  notClosed: 'not closed',
  notClosedTitle: "The text ended before this block's closing marker",
  truncated: 'Showing the first {shown} characters of more than {total}.',
  showAll: 'Show all',
  rendererFailed: 'The custom renderer for “{tool}” failed: {error}',
});

/** A partial override of {@link ToolCardLabels}: any label, and any state's label. */
export type ToolCardLabelOverrides = Partial<Omit<ToolCardLabels, 'states'>> & {
  states?: Partial<Record<ToolState, string>>;
};

const cache = new WeakMap<ToolCardLabelOverrides, ToolCardLabels>();

/**
 * The defaults with `overrides` on top (states merged one by one). The same overrides object
 * gives the same result object, so a card can memoize on it.
 */
export function resolveToolCardLabels(overrides?: ToolCardLabelOverrides | null): ToolCardLabels {
  if (!overrides) return DEFAULT_TOOL_CARD_LABELS;
  let labels = cache.get(overrides);
  if (!labels) {
    labels = { ...DEFAULT_TOOL_CARD_LABELS, ...withoutUndefined(overrides), states: { ...DEFAULT_TOOL_CARD_LABELS.states, ...withoutUndefined(overrides.states ?? {}) } };
    cache.set(overrides, labels);
  }
  return labels;
}

/** `template` with each `{key}` replaced by `values[key]` (unknown keys are left as written). */
export function fillLabel(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? String(values[key]) : whole));
}

/**
 * `template` cut at the `{key}` placeholder, for renderers that draw the value as an element
 * (the tool's name as code): `[before, after]`, or `[template, undefined]` when it has none.
 */
export function splitLabel(template: string, key: string): [string, string | undefined] {
  const marker = `{${key}}`;
  const at = template.indexOf(marker);
  return at === -1 ? [template, undefined] : [template.slice(0, at), template.slice(at + marker.length)];
}
