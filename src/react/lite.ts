/**
 * `tool-transcript/react/lite` — the components and hooks of `tool-transcript/react`, whose
 * `<ToolTranscript>` and `useToolTranscript` parse with the syntax objects passed
 * (`syntaxes={[xmlSyntax]}`, from `tool-transcript/lite`) and know no others: no syntax names,
 * no default set. An app's bundle then holds only the syntaxes it passes (an XML-only app
 * carries no yaml). Everything else is the same module as in `tool-transcript/react`; the names
 * are the same too (`test/package/exports.test.ts` pins them).
 *
 * @packageDocumentation
 */
export { ToolTranscript, useToolTranscript, type ToolTranscriptProps } from './lite-transcript.js';
export { useTranscriptIds, useTranscriptItem, useTranscriptStatus } from './use-transcript-store.js';
// The default card and its parts, for a card of your own that keeps some of them.
export { ToolCall, type ToolCallProps } from './tool-call/ToolCall.js';
export { ToolCallHeader } from './tool-call/ToolCallHeader.js';
export { ToolCallContent } from './tool-call/ToolCallContent.js';
export { ToolCallInput, ToolCallOutput, ToolCallError } from './tool-call/ToolCallSections.js';
export { ToolCallApproval } from './tool-call/ToolCallApproval.js';
// The card's words: the English table (a custom card can show the same state words) and the overrides type.
export { DEFAULT_TOOL_CARD_LABELS, type ToolCardLabelOverrides } from '../card/index.js';
export type { ToolComponents, ToolComponentProps, FallbackToolComponentProps } from './transcript-config.js';
export type { ProseProps } from './prose.js';
