/**
 * `tool-transcript/remark` — the unified/remark plugin (`remarkToolCalls`) that turns tool-call
 * blocks into `toolCall` mdast nodes.
 *
 * Nothing is exported yet: the plugin lands with its issue. This file exists so the entry point,
 * its build output (`dist/remark.js`) and its declarations are in place from the start.
 *
 * @packageDocumentation
 */
export {};
