/**
 * Formatters back to the model: tool manifests (`describeTools`), sections
 * for tool results and sectioned replies, and the schema coercion and
 * call-count policy the parser options use.
 *
 * @packageDocumentation
 */
export * from './describe/index.js';
export * from './sections/index.js';
export { coerceInput } from './schema/coerce.js';
