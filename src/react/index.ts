/**
 * `tool-transcript/react` — React components and hooks (`<ToolTranscript>`, tool-call parts).
 *
 * Nothing is exported yet: the components land with their issue. This file exists so the entry
 * point, its build output (`dist/react.js`) and its declarations are in place from the start.
 *
 * @packageDocumentation
 */
export {};
