/**
 * `tool-transcript/react/lite` — the components and hooks of `tool-transcript/react`, whose
 * `<ToolTranscript>` and `useToolTranscript` parse with the syntax objects passed
 * (`syntaxes={[xmlSyntax]}`, from `tool-transcript/lite`) and know no others: no syntax names,
 * no default set. An app's bundle then holds only the syntaxes it passes (an XML-only app
 * carries no yaml). Everything else is the same module as in `tool-transcript/react`.
 *
 * @packageDocumentation
 */
export {
  ToolTranscript,
  useToolTranscript,
  type ToolTranscriptProps,
  type ToolTranscriptOptions,
  type TranscriptSource,
  type TranscriptSourceOptions,
} from './lite-transcript.js';
export type { TextStream } from './use-tool-transcript.js';
export { useTranscriptStore, useTranscriptIds, useTranscriptItem, useTranscriptStatus } from './use-transcript-store.js';
export { TranscriptItems, TranscriptItemView, ToolItem } from './TranscriptItems.js';
export { ToolCall, type ToolCallProps } from './tool-call/ToolCall.js';
export { ToolCallHeader } from './tool-call/ToolCallHeader.js';
export { ToolCallContent, type ToolCallContentProps } from './tool-call/ToolCallContent.js';
export { ToolCallInput, ToolCallOutput, ToolCallError } from './tool-call/ToolCallSections.js';
export { ToolCallApproval } from './tool-call/ToolCallApproval.js';
export { useToolCall, useToolCallCard, useToolCallLabels, type ToolCallCardContext } from './tool-call/card-context.js';
export {
  ToolCallSettingsContext,
  useToolCallSettings,
  type ToolCallSettings,
  type ToolCallHighlighter,
} from './tool-call/settings.js';
export {
  DEFAULT_TOOL_CARD_LABELS,
  resolveToolCardLabels,
  type ToolCardLabels,
  type ToolCardLabelOverrides,
} from '../card/index.js';
export { CopyButton, type CopyButtonProps } from './tool-call/CopyButton.js';
export { ToolRenderBoundary } from './tool-call/ToolRenderBoundary.js';
export { MarkdownText, MarkdownBlock, type MarkdownTextProps } from './markdown/MarkdownText.js';
export { Reasoning, reasoningStatus, REASONING_STATUS_LABELS, type ReasoningProps, type ReasoningStatus } from './reasoning/Reasoning.js';
export { closeMarkdown } from './markdown/close-markdown.js';
export { splitBlocks, type BlockSplit } from './markdown/split-blocks.js';
export {
  TranscriptConfigContext,
  useTranscriptConfig,
  type TranscriptConfig,
  type ToolComponents,
  type ToolComponentProps,
  type TranscriptRenderOptions,
  type FallbackReason,
  type FallbackToolComponentProps,
} from './transcript-config.js';
export type { ProseComponent, ProseProps } from './prose.js';
export type { RevealOption, RevealOptions } from './reveal/reveal-settings.js';
export { useReducedMotion } from './reveal/use-reduced-motion.js';
export {
  ToolActionsContext,
  useToolActions,
  type ToolActions,
  type ToolApprovalResponse,
  type ToolOutputResult,
} from './tool-actions.js';
export { interruptedView, INTERRUPTED_TEXT } from './interrupted.js';
