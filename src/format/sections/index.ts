export { createMarkdownSections, markdownSections } from './markdown.js';
export { createXmlSections, xmlSections } from './xml.js';
export {
  formatToolResults,
  NO_OUTPUT,
  type ToolResult,
  type FormattedToolResults,
  type FormatToolResultsOptions,
} from './results.js';
export type { Section, SectionFormat, SectionSpec } from './types.js';
