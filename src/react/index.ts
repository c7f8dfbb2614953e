/**
 * `tool-transcript/react` — React components and hooks: `<ToolTranscript>`,
 * the default tool card as compound parts, markdown text, and the hooks they
 * are built on (over the store of `tool-transcript/store`).
 *
 * @packageDocumentation
 */
export { ToolTranscript, type ToolTranscriptProps, type ToolTranscriptOptions } from './ToolTranscript.js';
export {
  useToolTranscript,
  type TranscriptSource,
  type TranscriptSourceOptions,
  type TextStream,
} from './use-tool-transcript.js';
export { useTranscriptStore, useTranscriptIds, useTranscriptItem, useTranscriptStatus } from './use-transcript-store.js';
export { TranscriptItems, TranscriptItemView, ToolItem } from './TranscriptItems.js';
export {
  ToolCall,
  ToolCallHeader,
  ToolCallInput,
  ToolCallApproval,
  ToolCallOutput,
  ToolCallError,
  ToolCallContent,
  useToolCall,
  useToolCallCard,
  useToolCallLabels,
  type ToolCallProps,
  type ToolCallContentProps,
  type ToolCallCardContext,
} from './tool-call/ToolCall.js';
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
export { TOOL_STATE_DISPLAY, type ToolStateDisplay } from './tool-call/tool-states.js';
export { CopyButton, type CopyButtonProps } from './tool-call/CopyButton.js';
export { ToolRenderBoundary } from './tool-call/ToolRenderBoundary.js';
export { MarkdownText, MarkdownBlock, type MarkdownTextProps } from './markdown/MarkdownText.js';
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
