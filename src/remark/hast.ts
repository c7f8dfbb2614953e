import {
  approvalAnswerText,
  CALLED_ICON,
  CHEVRON_ICON,
  displayValue,
  fillLabel,
  ICON_SVG_ATTRIBUTES,
  STATE_ICONS,
  TOOL_ICON,
  toolCardModel,
  type IconShape,
  type ToolCardAttributes,
  type ToolCardLabelOverrides,
  type ToolCardModel,
  type ToolCardSection,
} from '../card/index.js';
import type { Element, ElementContent, Properties, Text } from 'hast';
import type { ToolCallNode } from './node.js';

/** Options of the tool cards' HTML (also options of the remark plugin). */
export interface ToolCallHastOptions {
  /** Any of the card's strings, over the English defaults (the same labels as the React card's `labels`). */
  labels?: ToolCardLabelOverrides | undefined;
}

/**
 * The HTML of a tool call, drawn from the same card model as the React `<ToolCall>` (sections,
 * labels, open rule, value display), so the two cannot drift:
 *
 * ```html
 * <section class="tt-tool" data-tool-call-id="…" data-tool-name="…" data-status="…" data-syntax="…">
 *   <details class="tt-tool-disclosure" [open]>          ← open when the React card opens by default
 *     <summary class="tt-tool-header tt-tool-trigger">NAME · input summary · [icon] STATE ⌄</summary>
 *     <div class="tt-tool-body">
 *       <div class="tt-tool-section tt-tool-input"> Input, as text blocks / JSON </div>
 *       … Approval, Output, Error when the call has them
 *     </div>
 *   </details>
 * </section>
 * ```
 *
 * It works without script: the header is a `<summary>`. A finished call starts collapsed, an
 * error or an approval request open. Static HTML is always a finished transcript, so a call with
 * no result says "Called". Every value is a text node, so hast serialisers and react-markdown
 * escape it: a payload can never become markup. Code blocks carry `class="language-…"` (guessed,
 * `json` for JSON), so rehype highlighters can colour them.
 */
export function toolCallToHast(node: ToolCallNode, options: ToolCallHastOptions = {}): Element {
  const model = toolCardModel(node, { live: false, labels: options.labels });
  return element('section', { className: ['tt-tool'], ...dataProperties(model.attributes) }, [
    element('details', { className: ['tt-tool-disclosure'], dataSlot: 'tool-call-disclosure', open: model.defaultOpen || undefined }, [
      header(model),
      element('div', { className: ['tt-tool-body'], dataSlot: 'tool-call-body' }, model.sections.map((section) => sectionElement(section, model))),
    ]),
  ]);
}

/**
 * A `remark-rehype` handler for `toolCall` nodes (`handlers: { toolCall: toolCallHandler }`). The
 * plugin already puts the same element in each node's `data`; the handler renders from the node's
 * fields at conversion time, for trees whose nodes were changed after parsing (default labels;
 * use {@link createToolCallHandler} for others).
 */
export function toolCallHandler(_state: unknown, node: ToolCallNode): Element {
  return toolCallToHast(node);
}

/** A {@link toolCallHandler} with options (labels). */
export function createToolCallHandler(options: ToolCallHastOptions): (state: unknown, node: ToolCallNode) => Element {
  return (_state, node) => toolCallToHast(node, options);
}

/** Sets `data.hName`, `data.hProperties` and `data.hChildren` so `mdast-util-to-hast` renders the node. */
export function attachHastData(node: ToolCallNode, options?: ToolCallHastOptions): void {
  const { tagName, properties, children } = toolCallToHast(node, options);
  // Written through `Object.assign`: the `h*` fields are declared on mdast `Data` only when
  // `mdast-util-to-hast` types are loaded, which this module does not require.
  node.data = Object.assign(node.data ?? {}, { hName: tagName, hProperties: properties, hChildren: children });
}

function header(model: ToolCardModel): Element {
  const children: Element[] = [
    icon(TOOL_ICON, 'tt-tool-glyph'),
    element('span', { className: ['tt-tool-name'], dataSlot: 'tool-call-name' }, [text(model.name)]),
  ];
  if (model.summary) children.push(element('span', { className: ['tt-tool-input-summary'], dataSlot: 'tool-call-summary' }, [text(model.summary)]));
  if (model.unclosed) {
    children.push(
      element('span', { className: ['tt-tool-unclosed'], dataSlot: 'tool-call-unclosed', title: model.labels.notClosedTitle }, [text(model.labels.notClosed)]),
    );
  }
  children.push(
    element('span', { className: ['tt-tool-status'], dataSlot: 'tool-call-status', dataStatus: model.state }, [
      icon(model.called ? CALLED_ICON : (STATE_ICONS[model.state] ?? [])),
      text(model.stateLabel),
    ]),
    icon(CHEVRON_ICON, 'tt-tool-chevron'),
  );
  return element('summary', { className: ['tt-tool-header', 'tt-tool-trigger'], dataSlot: 'tool-call-header' }, children);
}

function sectionElement(section: ToolCardSection, model: ToolCardModel): Element {
  const { labels, name } = model;
  const kind = section.kind;
  const head = element('div', { className: ['tt-tool-section-header'] }, [element('span', { className: ['tt-tool-section-label'] }, [text(section.label)])]);
  const properties = { className: ['tt-tool-section', `tt-tool-${kind === 'error' ? 'error-section' : kind}`], dataSlot: `tool-call-${kind}` };
  switch (kind) {
    case 'input':
    case 'output': {
      const blocks = displayValue(section.value).flatMap((block) => {
        const part = block.field === undefined ? section.label : `${section.label}: ${block.field}`;
        const pre = codeBlock(block.text, 'tt-tool-code', block.language, fillLabel(labels.valueLabel, { part, tool: name }), block.kind);
        if (block.field === undefined) return [pre];
        return [element('div', { className: ['tt-tool-field'], dataSlot: 'tool-call-field' }, [element('div', { className: ['tt-tool-field-header'] }, [element('span', { className: ['tt-tool-field-label'] }, [text(block.field)])]), pre])];
      });
      return element('div', properties, [head, ...blocks]);
    }
    case 'error':
      return element('div', properties, [head, codeBlock(section.text, 'tt-tool-error', undefined, fillLabel(labels.valueLabel, { part: section.label, tool: name }))]);
    case 'approval': {
      const { approval } = section;
      const answer = approval.kind === 'answer';
      return element(
        'div',
        { ...properties, className: ['tt-tool-section', 'tt-tool-approval'], dataApproved: answer ? String(approval.verdict === 'approved') : undefined },
        [element('p', { className: ['tt-tool-approval-text'] }, [text(answer ? approvalAnswerText(approval, labels) : labels.waitingForApproval)])],
      );
    }
  }
}

/** A focusable, named `<pre>` (it may scroll), its `<code>` classed by language for highlighters. */
function codeBlock(body: string, preClass: string, language: string | undefined, label: string, kind?: string): Element {
  return element('pre', { className: [preClass], tabIndex: 0, role: 'group', ariaLabel: label, dataKind: kind, dataLanguage: language }, [
    element('code', language ? { className: [`language-${language}`] } : {}, [text(body)]),
  ]);
}

/** hast property names of the icons' SVG attributes. */
const SVG_PROPERTIES: Readonly<Record<string, string>> = {
  'stroke-width': 'strokeWidth',
  'stroke-linecap': 'strokeLineCap',
  'stroke-linejoin': 'strokeLineJoin',
  'stroke-dasharray': 'strokeDashArray',
  'aria-hidden': 'ariaHidden',
};

function svgProperties(attributes: Readonly<Record<string, string>>): Properties {
  const properties: Properties = {};
  for (const [name, value] of Object.entries(attributes)) properties[SVG_PROPERTIES[name] ?? name] = value;
  return properties;
}

/** An icon; every one has class `tt-tool-icon` (the state icon just that). */
function icon(shapes: readonly IconShape[], className?: string): Element {
  return element(
    'svg',
    { ...svgProperties(ICON_SVG_ATTRIBUTES), className: className ? ['tt-tool-icon', className] : ['tt-tool-icon'] },
    shapes.map((shape) => element(shape.tag, svgProperties(shape.attributes), [])),
  );
}

/** `data-tool-call-id` → `dataToolCallId`, as hast names data attributes. */
function dataProperties(attributes: ToolCardAttributes): Properties {
  const properties: Properties = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined) properties[name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return properties;
}

function element(tagName: string, properties: Properties, children: ElementContent[]): Element {
  for (const key of Object.keys(properties)) if (properties[key] === undefined) delete properties[key];
  return { type: 'element', tagName, properties, children };
}

function text(value: string): Text {
  return { type: 'text', value };
}
