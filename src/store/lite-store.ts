import { checkLiteOptions } from '../options.js';
import { checkedSyntaxes, type ExplicitOptions } from '../stream/event-parser.js';
import { createStoreWith } from './create-store.js';
import { explicitSyntaxes } from './store-syntaxes.js';
import type { TranscriptStore } from './types.js';

/**
 * Creates a transcript store (the same store as `tool-transcript/store`'s) that parses with the
 * syntax objects given — required, no names, no default set — so a bundle holds only those
 * syntaxes. A native call whose source text is in another syntax shows its text as it streams.
 *
 * @example
 * import { createTranscriptStore } from 'tool-transcript/store/lite';
 * import { xmlSyntax } from 'tool-transcript/lite';
 * const store = createTranscriptStore({ syntaxes: [xmlSyntax] });
 * store.append('<tool name="read_file"><arguments><arg name="path">a.md</arg></arguments></tool>');
 * store.end();
 */
export function createTranscriptStore(options: ExplicitOptions): TranscriptStore {
  // Checked now rather than at the first text: the mistake shows where the store is made.
  const checked = checkLiteOptions('createTranscriptStore', options);
  checkedSyntaxes(checked.syntaxes);
  return createStoreWith(checked, explicitSyntaxes);
}
