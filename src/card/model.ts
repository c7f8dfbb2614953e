import type { ToolChunk, ToolState } from '../types.js';
import { DEFAULT_TOOL_CARD_LABELS, resolveToolCardLabels, type ToolCardLabelOverrides, type ToolCardLabels } from './labels.js';
import { summarizeInput } from './summary.js';

/** What a card is drawn from: a tool chunk, or a remark `toolCall` node (same fields). */
export type ToolCardSource = Pick<ToolChunk, 'toolCallId' | 'toolName' | 'state' | 'input' | 'output' | 'errorText' | 'syntax' | 'closed' | 'approval'>;

/** Options of {@link toolCardModel}. */
export interface ToolCardOptions {
  /**
   * The transcript is still streaming, so a call in `input-available` is running (badge
   * "Running"). Otherwise (the default, and always in static HTML) the call was made and its
   * result is not in the transcript: "Called".
   */
  live?: boolean | undefined;
  /** Labels over the English defaults. */
  labels?: ToolCardLabelOverrides | undefined;
}

/** The data attributes every rendering of a card carries (CONTRACT: id, name, status). */
export interface ToolCardAttributes {
  'data-tool-call-id': string;
  'data-tool-name': string;
  'data-status': ToolState;
  'data-syntax': string;
  'data-closed'?: 'false';
  'data-approval-id'?: string;
}

/** The approval part of a card. */
export type ToolCardApproval =
  | { kind: 'request'; id: string | undefined }
  | {
      kind: 'answer';
      verdict: 'approved' | 'denied' | 'answered';
      reason: string | undefined;
      /** The call ended denied (`output-denied`): without a reason, the card says it was not run. */
      final: boolean;
    };

/** A section of the card's body, in the order they are drawn. */
export type ToolCardSection =
  | { kind: 'input'; label: string; value: unknown }
  | { kind: 'approval'; label: string; approval: ToolCardApproval }
  | { kind: 'output'; label: string; value: unknown }
  | { kind: 'error'; label: string; text: string };

/**
 * One tool card, whatever draws it (the React `<ToolCall>` or the remark plugin's HTML): the
 * header (name, one-line input summary, state label), the sections of the body, whether it opens,
 * and its data attributes. Values stay values: each renderer shows them with `displayValue`.
 */
export interface ToolCardModel {
  state: ToolState;
  attributes: ToolCardAttributes;
  labels: ToolCardLabels;
  name: string;
  /** The input on one line (empty when there is none). */
  summary: string;
  /**
   * The input as the card shows it (see {@link inputForDisplay}): the input, except that an
   * emoji call's empty `body` and empty `args` are left out. The chunk keeps them.
   */
  inputView: unknown;
  /** The input is streaming in and has nothing to show yet (no key, no text): a placeholder, not `{}`. */
  awaitingInput: boolean;
  /** The badge says "Called" (a past or display-only `input-available`): a neutral icon, nothing spins. */
  called: boolean;
  /** The badge's text. */
  stateLabel: string;
  /** The input is streaming in: progress, clock and a turning icon. */
  streaming: boolean;
  /** The call's input was streaming when the response stopped (shown as an error). */
  interrupted: boolean;
  /** A finished block that never reached its closer. */
  unclosed: boolean;
  /** Open whatever the reader did: the input is streaming in, or the call waits for Approve / Deny. */
  pinnedOpen: boolean;
  /** Open until the reader closes it (see {@link opensByDefault}). */
  defaultOpen: boolean;
  sections: ToolCardSection[];
}

/** The error text of an interrupted call, as the store and `interruptedView` write it: the English label. */
const INTERRUPTED_ERROR = DEFAULT_TOOL_CARD_LABELS.interrupted;

/**
 * Whether a card in `state` is held open: `input-streaming` (the input is the news) and
 * `approval-requested` (Approve and Deny must be reachable without a click).
 */
export function isPinnedOpen(state: ToolState): boolean {
  return state === 'input-streaming' || state === 'approval-requested';
}

/**
 * Whether a card in `state` starts open: the pinned states, and `output-error` — an error is
 * what a reader scans a transcript for, and its text is short and says why the conversation went
 * the way it did. Every other finished call starts collapsed to its header (name, input summary,
 * state); `output-denied` too: its badge already says "Denied" and the call did nothing.
 */
export function opensByDefault(state: ToolState): boolean {
  return isPinnedOpen(state) || state === 'output-error';
}

/** The card model of a call. Never throws. */
export function toolCardModel(tool: ToolCardSource, options: ToolCardOptions = {}): ToolCardModel {
  const labels = resolveToolCardLabels(options.labels);
  const { state } = tool;
  const interrupted = state === 'output-error' && tool.errorText === INTERRUPTED_ERROR;
  const inputView = inputForDisplay(tool);
  return {
    state,
    attributes: toolCardAttributes(tool),
    labels,
    name: tool.toolName,
    summary: safeSummary(inputView),
    inputView,
    awaitingInput: state === 'input-streaming' && isEmptyInput(inputView),
    called: state === 'input-available' && options.live !== true,
    stateLabel: stateLabel(state, options.live === true, labels),
    streaming: state === 'input-streaming',
    interrupted,
    unclosed: !tool.closed && state !== 'input-streaming' && !interrupted,
    pinnedOpen: isPinnedOpen(state),
    defaultOpen: opensByDefault(state),
    sections: toolCardSections(tool, labels, interrupted, inputView),
  };
}

/** The card's section of this kind, if it has one. */
export function sectionOf<Kind extends ToolCardSection['kind']>(model: ToolCardModel, kind: Kind): Extract<ToolCardSection, { kind: Kind }> | undefined {
  return model.sections.find((section) => section.kind === kind) as Extract<ToolCardSection, { kind: Kind }> | undefined;
}

/** The badge's text: the state's label, except a past call with no result says "Called". */
export function stateLabel(state: ToolState, live: boolean, labels: ToolCardLabels): string {
  if (state === 'input-available' && !live) return labels.called;
  return labels.states[state] ?? String(state);
}

/** The data attributes of a card's root. */
function toolCardAttributes(tool: ToolCardSource): ToolCardAttributes {
  const attributes: ToolCardAttributes = {
    'data-tool-call-id': tool.toolCallId,
    'data-tool-name': tool.toolName,
    'data-status': tool.state,
    'data-syntax': tool.syntax,
  };
  if (!tool.closed) attributes['data-closed'] = 'false';
  if (tool.approval !== undefined) attributes['data-approval-id'] = tool.approval.id;
  return attributes;
}

/**
 * The body's sections: an answered approval (for any call that records an answer); the input
 * always; an approval request; the output once there is one; the error of a failed call.
 */
function toolCardSections(tool: ToolCardSource, labels: ToolCardLabels, interrupted: boolean, inputView: unknown): ToolCardSection[] {
  const sections: ToolCardSection[] = [{ kind: 'input', label: labels.input, value: inputView }];
  const approval = approvalOf(tool);
  // A request comes after the input it asks about; an answer is a record of a decision, read first
  // (the React card keeps it in view under the header even when the body is collapsed).
  if (approval?.kind === 'answer') sections.unshift({ kind: 'approval', label: labels.approval, approval });
  else if (approval) sections.push({ kind: 'approval', label: labels.approval, approval });
  if (tool.state === 'output-available' || (tool.output !== undefined && tool.state !== 'output-denied')) {
    sections.push({ kind: 'output', label: labels.output, value: tool.output });
  }
  if (tool.state === 'output-error') {
    sections.push({ kind: 'error', label: labels.error, text: interrupted ? labels.interrupted : (tool.errorText ?? '') });
  }
  return sections;
}

function approvalOf(tool: ToolCardSource): ToolCardApproval | undefined {
  const { state, approval } = tool;
  if (state === 'approval-requested') return { kind: 'request', id: approval?.id };
  const answered = state === 'approval-responded' || state === 'output-denied' || approval?.approved !== undefined;
  if (!answered) return undefined;
  const approved = state === 'output-denied' ? false : approval?.approved;
  // A denied call's reason is on its approval (AI SDK parts); a transcript may record it as errorText.
  const reason = approval?.reason ?? (state === 'output-denied' ? tool.errorText : undefined);
  const verdict = approved === true ? 'approved' : approved === false ? 'denied' : 'answered';
  return { kind: 'answer', verdict, reason, final: state === 'output-denied' };
}

/** The approval's answer as one line of text (static HTML; screen-reader text). */
export function approvalAnswerText(approval: Extract<ToolCardApproval, { kind: 'answer' }>, labels: ToolCardLabels): string {
  const verdict = labels[approval.verdict];
  if (approval.reason) return `${verdict}: ${approval.reason}`;
  return approval.final ? `${verdict} — ${labels.notRun}` : verdict;
}

/**
 * The input as a card shows it. An emoji call always has `{args, body}`; one written without
 * arguments or without a body (`🛠️[list_files /]`) would show `body:` in its summary and
 * `"body": ""` in its input: those empty parts are left out. Every other input is shown as it is
 * (an empty string another tool was given is a value). Returns the input itself when nothing is
 * left out. Never throws.
 */
export function inputForDisplay(tool: Pick<ToolCardSource, 'syntax' | 'input'>): unknown {
  const { input } = tool;
  if (tool.syntax !== 'emoji' || typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  try {
    const { args, body, ...rest } = input as { args?: unknown; body?: unknown };
    const emptyArgs = Array.isArray(args) && args.length === 0;
    const emptyBody = body === '';
    if (!emptyArgs && !emptyBody) return input;
    return { ...(emptyArgs || args === undefined ? {} : { args }), ...(emptyBody || body === undefined ? {} : { body }), ...rest };
  } catch {
    return input;
  }
}

/** Nothing to show yet: no input, an object without keys, an empty string. */
function isEmptyInput(input: unknown): boolean {
  if (input === undefined || input === null || input === '') return true;
  if (typeof input !== 'object' || Array.isArray(input)) return false;
  try {
    for (const key in input) if (Object.hasOwn(input, key)) return false;
    return true;
  } catch {
    return false;
  }
}

function safeSummary(input: unknown): string {
  try {
    return summarizeInput(input);
  } catch {
    // An input with a throwing getter or a revoked proxy: the header does without a summary.
    return '';
  }
}
