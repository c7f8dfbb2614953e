import type { TranscriptOptions, UIMessageChunkFor } from '../types.js';
import * as explicit from './event-parser.js';
import { checkTranscriptOptions } from '../options.js';
import { withSyntaxObjects } from './parser.js';

/**
 * A Web `TransformStream` from text deltas to AI SDK UI-message chunks. Wrap
 * its output in `start` … `finish` to hand it to `readUIMessageStream` or a
 * `createUIMessageStream` writer.
 */
export function transcriptTransform<Options extends TranscriptOptions = {}>(options?: Options): TransformStream<string, UIMessageChunkFor<Options>> {
  return explicit.transcriptTransform(withSyntaxObjects(checkTranscriptOptions('transcriptTransform', options))) as TransformStream<string, UIMessageChunkFor<Options>>;
}
