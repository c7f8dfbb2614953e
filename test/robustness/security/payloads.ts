/**
 * Hostile payloads and the places a transcript can carry them: markdown text,
 * link and image URLs, tool names, ids, inputs, outputs, errors and extra
 * fields, in every syntax. Each payload calls `window.__pwned(tag)` if it ever
 * runs, so a live-DOM test can set a trap; the static checks below find any
 * element or attribute a browser would act on.
 *
 * Shared by the node tests (remark HTML and `renderToString`, parsed with
 * jsdom) and the Chromium test (the live DOM).
 */
import type { TranscriptMessage } from '../../../src/store/index.js';

/** Markup and script payloads: each would call the trap if it ran. */
export const MARKUP_PAYLOADS: readonly string[] = [
  `<script>window.__pwned('script')</script>`,
  `<script src="data:text/javascript,window.__pwned('script-src')"></script>`,
  `<img src=x onerror="window.__pwned('img-onerror')">`,
  `<img src="x" onerror=window.__pwned('img-unquoted')//`,
  `<svg onload="window.__pwned('svg-onload')"></svg>`,
  `<svg><script>window.__pwned('svg-script')</script></svg>`,
  `<math><mi xlink:href="javascript:window.__pwned('math')">x</mi></math>`,
  `<iframe src="javascript:window.__pwned('iframe')"></iframe>`,
  `<iframe srcdoc="<script>parent.__pwned('srcdoc')</script>"></iframe>`,
  `<object data="javascript:window.__pwned('object')"></object>`,
  `<embed src="javascript:window.__pwned('embed')">`,
  `<details open ontoggle="window.__pwned('details-ontoggle')">x</details>`,
  `<input autofocus onfocus="window.__pwned('input-onfocus')">`,
  `<body onload="window.__pwned('body-onload')">`,
  `<style>*{background:url("javascript:window.__pwned('style')")}</style>`,
  `<link rel="stylesheet" href="javascript:window.__pwned('link')">`,
  `<meta http-equiv="refresh" content="0;url=javascript:window.__pwned('meta')">`,
  `<base href="javascript:window.__pwned('base')//">`,
  `<form action="javascript:window.__pwned('form')"><button>go</button></form>`,
  `<a href="javascript:window.__pwned('a-href')">click</a>`,
  `<div onmouseover="window.__pwned('div-onmouseover')">hover</div>`,
  `"><img src=x onerror="window.__pwned('attr-breakout')">`,
  `'><svg onload="window.__pwned('attr-breakout-single')">`,
  `</code></pre><img src=x onerror="window.__pwned('pre-breakout')">`,
  `</details></section><script>window.__pwned('section-breakout')</script>`,
  `<!--><img src=x onerror="window.__pwned('comment')">-->`,
  `<![CDATA[<img src=x onerror="window.__pwned('cdata')">]]>`,
  `&lt;img src=x onerror="window.__pwned('entity')"&gt;`,
  `<template><img src=x onerror="window.__pwned('template')"></template>`,
  `<noscript><p title="</noscript><img src=x onerror=window.__pwned('noscript')>"></noscript>`,
];

/** URL payloads: as a link or image destination each would run the trap if followed or loaded. */
export const URL_PAYLOADS: readonly string[] = [
  `javascript:window.__pwned('js-url')`,
  `JaVaScRiPt:window.__pwned('js-url-case')`,
  `java&#x09;script:window.__pwned('js-url-tab-entity')`,
  `&#106;avascript:window.__pwned('js-url-entity')`,
  `javascript&colon;window.__pwned('js-url-colon-entity')`,
  `vbscript:window.__pwned('vbscript')`,
  `data:text/html,<script>window.__pwned('data-html')</script>`,
  `data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZCgnZGF0YS1iNjQnKTwvc2NyaXB0Pg==`,
  `data:image/svg+xml,<svg onload="window.__pwned('data-svg')">`,
];

/** Every payload, for places that take any text. */
export const ALL_PAYLOADS: readonly string[] = [...MARKUP_PAYLOADS, ...URL_PAYLOADS];

/** YAML double-quoted scalar holding `value`. */
function yamlString(value: string): string {
  return JSON.stringify(value);
}

/** XML attribute / text escaping (the XML syntax reads entities as written: keep the markup literal in CDATA). */
function cdata(value: string): string {
  return `<![CDATA[${value.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/**
 * A transcript carrying `payload` everywhere it can go: in markdown text (raw,
 * as a link, an autolink and an image), and as a tool name, id, input, output,
 * error and extra field in each syntax. URLs go where markdown takes a URL.
 */
export function hostileTranscript(payload: string): string {
  const p = payload;
  const oneLine = p.replace(/[\r\n]/g, ' ');
  const noSpaces = oneLine.replace(/\s/g, '_');
  // XML attribute values cannot hold `<`, `>` or their own quote (the opener would be text).
  const attribute = oneLine.replace(/[<>"]/g, '');
  return [
    // Markdown text.
    p,
    `A paragraph with ${oneLine} inside, *emphasised ${oneLine}*, and \`code ${oneLine}\`.`,
    `[a link](${noSpaces}) [another](<${oneLine}>) ![an image](${noSpaces}) <${noSpaces}>`,
    `[ref link][r]\n\n[r]: ${noSpaces}`,
    `- list item ${oneLine}\n- [ ] task ${oneLine}`,
    `| head ${oneLine.replaceAll('|', '\\|')} |\n| - |\n| cell |`,
    // Tool fence: name, id, input, output, error and a field.
    '```tool name=' + yamlString(oneLine) + ' id=' + yamlString(oneLine) + '\nstate: output-available\ninput:\n  payload: ' + yamlString(p) + '\noutput: ' + yamlString(p) + '\nextra: ' + yamlString(p) + '\n```',
    '```tool error_case\nerrorText: ' + yamlString(p) + '\ninput: {}\n```',
    // Caret: a value and the body.
    `^^^caret_tool\nvalue: ${oneLine}\n---\n${p}\n^^^`,
    // Emoji: name, args and body.
    `🛠️[${noSpaces.replaceAll(']', ')')} ${noSpaces.replaceAll(']', ')')}]\n${p}\n🛠️[/end]`,
    // XML: name attribute, arg (CDATA), run_bash and write_file bodies.
    `<tool name="${attribute}" note="${attribute}"><arg name="payload">${cdata(p)}</arg></tool>`,
    `<write_file path="${attribute}">\n${p.replaceAll('</write_file', '</write-file')}\n</write_file>`,
    // Sentinel: tool name, id and arguments; a shell body.
    `[[SEG_START ${JSON.stringify({ type: 'tool', tool_name: oneLine, id: oneLine, arguments: { payload: p } })}]][[SEG_END]]`,
    `[[SEG_START {"type":"run_bash"}]]\n${p.replaceAll('[[SEG_END]]', '')}\n[[SEG_END]]`,
    // JSON (opt-in syntax): name, id, arguments.
    JSON.stringify({ tool_calls: [{ id: oneLine, type: 'function', function: { name: oneLine, arguments: JSON.stringify({ payload: p }) } }] }),
  ].join('\n\n');
}

/** An AI SDK message whose native tool parts and text carry `payload`. */
export function hostileMessage(payload: string): TranscriptMessage {
  return {
    id: 'hostile',
    parts: [
      { type: 'text', text: `${payload}\n\n[link](${payload.replace(/\s/g, '_')})`, state: 'done' },
      { type: `tool-${payload}`, toolCallId: `a-${payload}`, state: 'output-available', input: { payload }, output: payload },
      { type: 'dynamic-tool', toolName: payload, toolCallId: `b-${payload}`, state: 'output-error', input: payload, errorText: payload },
    ],
  };
}

/** Elements a browser would load, run or navigate with: none may come out of a transcript. */
const FORBIDDEN_ELEMENTS = new Set([
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'link', 'style',
  'form', 'svg', 'math', 'template', 'noscript', 'body', 'html', 'head', 'portal', 'xml',
]);

/** Attributes holding a URL a browser follows or loads. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'data', 'poster', 'background', 'xlink:href', 'ping', 'cite', 'longdesc', 'manifest', 'codebase']);

/** Whether a URL attribute value would run script or load a document: after what browsers strip, a dangerous scheme. */
export function isUnsafeUrl(value: string): boolean {
  // Browsers drop leading C0 controls and spaces, and tabs and newlines anywhere in the scheme.
  // eslint-disable-next-line no-control-regex
  const cleaned = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  return /^(javascript|vbscript|data|livescript|mocha):/.test(cleaned);
}

/** Plain shapes of the card's own state icons (an inline SVG with `class="tt-tool-icon"`). */
const ICON_SHAPES = new Set(['svg', 'g', 'path', 'circle', 'rect', 'line', 'polyline', 'polygon', 'ellipse']);

/** An element the library itself renders that the list above would flag. */
function isOwnMarkup(element: Element, tag: string): boolean {
  // The state icons.
  if (ICON_SHAPES.has(tag) && element.closest('svg.tt-tool-icon') !== null) return true;
  // React 19's server renderer adds a preload hint for each image (its URL is checked like the image's).
  return tag === 'link' && element.getAttribute('rel') === 'preload' && element.getAttribute('as') === 'image';
}

/**
 * What in `root` a browser would act on: forbidden elements, `on*` handler
 * attributes, unsafe URLs, `srcdoc`, `style` attributes (CSS can load URLs).
 * Empty when the markup is inert.
 */
export function dangers(root: ParentNode): string[] {
  const found: string[] = [];
  for (const element of Array.from(root.querySelectorAll('*'))) {
    const tag = element.localName.toLowerCase();
    if (FORBIDDEN_ELEMENTS.has(tag) && !isOwnMarkup(element, tag)) found.push(`<${tag}>`);
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) found.push(`<${tag} ${name}>`);
      if (name === 'srcdoc' || name === 'style') found.push(`<${tag} ${name}>`);
      if (URL_ATTRIBUTES.has(name) && isUnsafeUrl(attribute.value)) found.push(`<${tag} ${name}="${attribute.value}">`);
    }
  }
  return found;
}
