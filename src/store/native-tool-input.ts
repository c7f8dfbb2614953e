import type { ToolChunk } from '../types.js';
import type { ItemTable } from './item-table.js';
import { nativeToolChunk, NATIVE_SYNTAX, StreamedJsonInput, type NativeToolFields } from './native-tool.js';
import { sameValue } from '../object.js';
import { NativeSegment } from './segments.js';
import { SourceInput, sourceSyntax } from './source-input.js';

/**
 * The AI SDK's native tool chunks (`tool-input-start`, `tool-input-delta`, `tool-input-available`,
 * `tool-input-error`): one item per toolCallId, its input read as it streams.
 */
export class NativeToolInput {
  constructor(private readonly table: ItemTable) {}

  /**
   * `tool-input-start`: a native call begins. With tool-transcript's `inputEncoding: 'text'`
   * and `toolMetadata.syntax`, its deltas are source text of that syntax, read as it arrives.
   */
  toolInputStart(toolCallId: string, toolName: string, toolMetadata?: unknown, inputEncoding?: unknown): void {
    const segment = this.nativeSegment(toolCallId, { toolCallId, toolName, state: 'input-streaming', toolMetadata });
    const { table } = this;
    const syntax = inputEncoding === 'text' ? sourceSyntax(table, toolMetadata) : undefined;
    segment.source = syntax && new SourceInput(table, syntax);
    segment.json = inputEncoding === 'text' ? undefined : new StreamedJsonInput(table.parserWork);
  }

  /** `tool-input-delta`: more of a native call's input (JSON, or source text of a syntax). */
  toolInputDelta(toolCallId: string, delta: string): void {
    const { table } = this;
    const segment = this.findNative(toolCallId);
    if (!segment) return;
    const id = segment.itemIds[0]!;
    const source = table.source(id) as ToolChunk;
    if (source.state !== 'input-streaming') return;
    table.ownWork++;
    if (segment.source) {
      table.put(id, segment.source.show(source, delta, source.raw + delta), segment);
    } else if (segment.json) {
      const input = segment.json.push(delta);
      if (input !== source.input) table.put(id, { ...source, input }, segment);
    } else {
      // Text input of an unknown syntax: shown as the text so far.
      table.put(id, { ...source, input: (typeof source.input === 'string' ? source.input : '') + delta }, segment);
    }
  }

  /** `tool-input-available` / `tool-input-error`: the call as it is now (its input no longer streams). */
  setNativeTool(fields: NativeToolFields): void {
    const segment = this.nativeSegment(fields.toolCallId, fields);
    if (fields.state !== 'input-streaming') {
      segment.json = undefined;
      segment.source = undefined;
    }
  }

  private findNative(toolCallId: string): NativeSegment | undefined {
    const id = this.table.itemOfToolCall(toolCallId);
    const segment = id === undefined ? undefined : this.table.entry(id)?.segment;
    return segment?.kind === 'native' ? segment : undefined;
  }

  /** The native segment of `toolCallId` set to `fields` (created at the end when new). */
  private nativeSegment(toolCallId: string, fields: NativeToolFields): NativeSegment {
    const { table } = this;
    const chunk = nativeToolChunk(fields);
    const existing = this.findNative(toolCallId);
    if (existing) {
      const id = existing.itemIds[0]!;
      const source = table.source(id) as ToolChunk;
      // A native chunk without tool-transcript's metadata keeps the syntax and raw the call already had.
      const next = chunk.syntax === NATIVE_SYNTAX && source.syntax !== NATIVE_SYNTAX ? { ...chunk, syntax: source.syntax } : chunk;
      if (!sameValue(source, next)) table.put(id, next, existing);
      return existing;
    }
    return table.pushItem(new NativeSegment(), chunk);
  }
}
