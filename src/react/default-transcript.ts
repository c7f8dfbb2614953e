import { createTranscriptStore } from '../store/transcript-store.js';
import type { TranscriptStore } from '../store/types.js';
import { transcriptComponent, type ToolTranscriptProps } from './ToolTranscript.js';
import { useTranscriptSource, type TranscriptSource, type TranscriptSourceOptions } from './use-tool-transcript.js';

// `tool-transcript/react`'s component and hook: their store resolves syntax names and the default
// set, so they carry every syntax (and yaml). `./lite-transcript.ts` has the ones over syntax objects.

/**
 * The transcript store behind a source. `store` is returned as it is; for the
 * other sources a store is created (once per `stream`, and again when the
 * options change) and fed:
 *
 * - `text` is parsed during the first render (so `renderToString` shows it),
 *   then, when it changes, fed only its new suffix when it extends the
 *   previous text, or parsed again from the start when it does not;
 * - `stream` is read after mount (nothing on the server), ended when it is
 *   done, failed (`store.fail`) when it errors, and cancelled on unmount;
 * - `chunks` and `message` are applied with `setChunks` / `setMessage`, which
 *   keep the items of unchanged chunks and parts.
 *
 * Updates after the first render are applied in a layout effect, before paint.
 */
export function useToolTranscript(source: TranscriptSource & TranscriptSourceOptions): TranscriptStore {
  return useTranscriptSource(source, createTranscriptStore);
}

/**
 * Renders assistant text with embedded tool calls: markdown for the text, a
 * card per tool call (`data-tool-call-id`, `data-status`), from exactly one of
 * `text`, `stream`, `chunks`, `store` or `message`.
 *
 * Lifecycle: a call in `approval-requested` shows Approve and Deny buttons that
 * call `onToolApprovalResponse` (pass `useChat`'s `addToolApprovalResponse`);
 * custom components get `onToolOutput` (pass `addToolOutput`) to answer
 * client-side tools. `streaming={false}` says the response is over (stopped,
 * finished or failed): a call still receiving input shows as interrupted.
 *
 * Rendering is incremental: a delta re-renders only the item it changed (the
 * last markdown block, or the open tool card). Inline `toolComponents`, `components`
 * and plugin arrays are compared by structure, and the callbacks are called
 * through stable wrappers, so writing them inline does not re-render the
 * transcript — but an inline component *inside* them (defined in render) does:
 * define components once, outside render.
 *
 * Works with `renderToString` and hydrates without mismatch: ids come from the
 * text, and time-dependent parts (elapsed time) appear only after hydration.
 *
 * @example
 * <ToolTranscript text={assistantText} toolComponents={{ weather: WeatherCard }} />
 * // An AI SDK UIMessage from useChat:
 * <ToolTranscript
 *   message={message}
 *   streaming={status === 'streaming' && message === messages.at(-1)}
 *   onToolApprovalResponse={addToolApprovalResponse}
 *   onToolOutput={addToolOutput}
 * />
 */
export const ToolTranscript = transcriptComponent<ToolTranscriptProps>(useToolTranscript);
