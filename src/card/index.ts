/**
 * The tool card's model, shared by the React card (`tool-transcript/react`) and the remark
 * plugin's HTML (`tool-transcript/remark`, the CLI page): sections, labels, open rules, data
 * attributes and value display are decided here once, so the two renderings cannot drift.
 * Framework-free: no React, no hast types.
 */
export * from './labels.js';
export * from './model.js';
export * from './summary.js';
export * from './value.js';
export { formatValue, formatPreview, HUGE_CHARS, PREVIEW_CHARS, type ValuePreview } from './json.js';
export * from './icons.js';
