/**
 * Prompt output: what the library writes for the model to read. Tool manifests in any syntax
 * (`describeTools`, provider presets, example calls) and sections for tool results and
 * sectioned replies (markdown headings or XML tags). How parsed calls are checked against the
 * same tools is the parse-time review (`review/`); reading JSON Schemas is `json-schema/`.
 */
export * from './describe/index.js';
export * from './sections/index.js';
