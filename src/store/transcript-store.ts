import { checkTranscriptOptions } from '../options.js';
import { createSegmentParser } from '../stream/parser.js';
import { builtinSyntaxes, resolveSyntaxes } from '../syntaxes/index.js';
import type { SyntaxName, TranscriptOptions } from '../types.js';
import { createStoreWith } from './create-store.js';
import type { StoreSyntaxes } from './store-syntaxes.js';
import type { TranscriptStore } from './types.js';

/**
 * The syntaxes of `tool-transcript/store`: names looked up and the default set when `syntaxes`
 * is absent, as the main entry's parser does; a native call's source text may be in any built-in
 * syntax. This lookup is what ties every syntax (and `yaml`) to the store entry.
 */
const namedSyntaxes: StoreSyntaxes = {
  segmentParser: createSegmentParser,
  find(name, options) {
    const own = options.syntaxes === undefined ? undefined : resolveSyntaxes(options.syntaxes).find((syntax) => syntax.name === name);
    return own ?? builtinSyntaxes[name as SyntaxName];
  },
};

/**
 * Creates a transcript store: a zustand vanilla store of
 * `{ ids, byId, status }` fed by `append`/`end` (assistant text parsed for
 * embedded tool calls), `applyChunk` (an AI SDK UI-message stream, native
 * tool calls included), `setChunks`, `setMessage`, and settled by
 * `setToolOutput`/`setToolError`/`setToolApproval`/`fail`. See {@link TranscriptState}
 * for the item ids and the identity guarantees.
 *
 * Everything is folded from one event stream: the parser's `TranscriptEvent`s for
 * text, and the AI SDK's chunks (or a message's parts) mapped onto the same items. Per
 * delta the store does the parser's work plus a constant.
 *
 * `syntaxes` takes names and objects, with the main entry's default set when absent; an app
 * that passes only some syntax objects carries only those with `tool-transcript/store/lite`.
 *
 * @example
 * const store = createTranscriptStore();
 * for await (const delta of textStream) store.append(delta);
 * store.end();
 * store.getState().ids; // ['text-1', 'tool-call-1', 'text-2']
 */
export function createTranscriptStore(options: TranscriptOptions = {}): TranscriptStore {
  return createStoreWith(checkTranscriptOptions('createTranscriptStore', options), namedSyntaxes);
}
