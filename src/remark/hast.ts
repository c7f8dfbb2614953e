import { TOOL_STATE_LABELS } from '../types.js';
import type { ToolCallNode } from './node.js';

/** A hast text node (declared here so the package needs no `@types/hast`). */
export interface HastText {
  type: 'text';
  value: string;
}

/** A hast element, structurally the one `remark-rehype` and `rehype-stringify` use. */
export interface HastElement {
  type: 'element';
  tagName: string;
  properties: Record<string, string | number | boolean | Array<string | number> | null | undefined>;
  children: Array<HastElement | HastText>;
}

/** The state labels, shared with the React cards (re-exported from `tool-transcript/remark`). */
export { TOOL_STATE_LABELS };

/**
 * The HTML of a tool call:
 *
 * ```html
 * <section class="tt-tool" data-tool-call-id="…" data-tool-name="…" data-status="…" data-syntax="…">
 *   <header class="tt-tool-header"><span class="tt-tool-name">NAME</span><span class="tt-tool-status">LABEL</span></header>
 *   <div class="tt-tool-body">
 *     <details class="tt-tool-section"><summary class="tt-tool-section-label">Input</summary><pre class="tt-tool-code"><code>…</code></pre></details>
 *     … Output, Error (open) and Approval (open while awaiting an answer) when the call has them
 *   </div>
 * </section>
 * ```
 *
 * Every value is a text node, so hast serialisers and react-markdown escape it: a payload can
 * never become markup. An unclosed block also gets `data-closed="false"`.
 */
export function toolCallToHast(node: ToolCallNode): HastElement {
  return element('section', toolCallProperties(node), [
    element('header', { className: ['tt-tool-header'] }, [
      element('span', { className: ['tt-tool-name'] }, [text(node.toolName)]),
      element('span', { className: ['tt-tool-status'] }, [text(TOOL_STATE_LABELS[node.state] ?? String(node.state))]),
    ]),
    element('div', { className: ['tt-tool-body'] }, toolCallSections(node)),
  ]);
}

/**
 * A `remark-rehype` handler for `toolCall` nodes (`handlers: { toolCall: toolCallHandler }`). The
 * plugin already puts the same element in each node's `data`; the handler renders from the node's
 * fields at conversion time, for trees whose nodes were changed after parsing.
 */
export function toolCallHandler(_state: unknown, node: ToolCallNode): HastElement {
  return toolCallToHast(node);
}

/** Sets `data.hName`, `data.hProperties` and `data.hChildren` so `mdast-util-to-hast` renders the node. */
export function attachHastData(node: ToolCallNode): void {
  const { tagName, properties, children } = toolCallToHast(node);
  // Written through `Object.assign`: the `h*` fields are declared on mdast `Data` only when
  // `mdast-util-to-hast` types are loaded, which this module does not require.
  node.data = Object.assign(node.data ?? {}, { hName: tagName, hProperties: properties, hChildren: children });
}

/**
 * How a value is shown: strings as written (tool output is often plain text), anything else as
 * JSON indented by two spaces.
 */
export function displayValue(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    const json = JSON.stringify(value, null, 2);
    if (json !== undefined) return json;
  } catch {
    // A cycle or a BigInt: fall through to String().
  }
  return String(value);
}

function toolCallProperties(node: ToolCallNode): HastElement['properties'] {
  const properties: HastElement['properties'] = {
    className: ['tt-tool'],
    dataToolCallId: node.toolCallId,
    dataToolName: node.toolName,
    dataStatus: node.state,
    dataSyntax: node.syntax,
  };
  if (!node.closed) properties.dataClosed = 'false';
  if (node.approval !== undefined) properties.dataApprovalId = node.approval.id;
  return properties;
}

function toolCallSections(node: ToolCallNode): HastElement[] {
  const sections = [section('Input', displayValue(node.input), 'tt-tool-code', false)];
  if (node.output !== undefined) sections.push(section('Output', displayValue(node.output), 'tt-tool-code', false));
  if (node.errorText !== undefined) sections.push(section('Error', displayValue(node.errorText), 'tt-tool-error', true));
  if (node.approval !== undefined) sections.push(section('Approval', approvalText(node.approval), 'tt-tool-code', node.state === 'approval-requested'));
  return sections;
}

/** An approval as a reader says it: awaiting, approved or denied, and why. */
function approvalText(approval: NonNullable<ToolCallNode['approval']>): string {
  const answer = approval.approved === undefined ? 'Awaiting an answer' : approval.approved ? 'Approved' : 'Denied';
  return approval.reason === undefined ? answer : `${answer}: ${approval.reason}`;
}

/** A collapsible `<details>`; errors start open, since they are what a reader looks for. */
function section(label: string, body: string, preClass: string, open: boolean): HastElement {
  const properties: HastElement['properties'] = { className: ['tt-tool-section'] };
  if (open) properties.open = true;
  return element('details', properties, [
    element('summary', { className: ['tt-tool-section-label'] }, [text(label)]),
    element('pre', { className: [preClass] }, [element('code', {}, [text(body)])]),
  ]);
}

function element(tagName: string, properties: HastElement['properties'], children: HastElement['children']): HastElement {
  return { type: 'element', tagName, properties, children };
}

function text(value: string): HastText {
  return { type: 'text', value };
}
