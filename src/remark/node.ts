import type { Data, Node } from 'mdast';
import type { ToolChunk } from '../types.js';

/** `data` of a {@link ToolCallNode}. */
export interface ToolCallData extends Data {
  /**
   * The call as it was parsed (see {@link callFingerprint}). While the node still matches it,
   * `remark-stringify` writes the node's `raw` source back unchanged; once it differs, the node is
   * written with its syntax's `format`.
   */
  toolCallFingerprint?: string;
}

/**
 * A tool call in an mdast tree: one per call found by the scanner, at the place its block stood.
 * The fields are those of {@link ToolChunk}, so a tree and `parseTranscript` agree field by field.
 */
export interface ToolCallNode extends Node, Omit<ToolChunk, 'type' | 'raw'> {
  type: 'toolCall';
  /**
   * Exact source text of the block, markers included (`''` for the second and later calls of a
   * block that holds several). Absent on nodes built by hand, which are written with `format`.
   */
  raw?: string;
  data?: ToolCallData;
}

declare module 'mdast' {
  interface RootContentMap {
    /** A tool call (from `tool-transcript/remark`). */
    toolCall: ToolCallNode;
  }
  interface BlockContentMap {
    /** A tool call (from `tool-transcript/remark`). */
    toolCall: ToolCallNode;
  }
}

/** The `toolCall` node for a tool chunk (without position or render data). */
export function toolCallFromChunk(chunk: ToolChunk): ToolCallNode {
  const node: ToolCallNode = {
    type: 'toolCall',
    toolCallId: chunk.toolCallId,
    toolName: chunk.toolName,
    state: chunk.state,
    input: chunk.input,
    syntax: chunk.syntax,
    closed: chunk.closed,
    raw: chunk.raw,
  };
  if (chunk.output !== undefined) node.output = chunk.output;
  if (chunk.errorText !== undefined) node.errorText = chunk.errorText;
  if (chunk.fields !== undefined) node.fields = chunk.fields;
  if (chunk.approval !== undefined) node.approval = chunk.approval;
  return node;
}

/**
 * A string that changes whenever a call's meaning changes (name, id, state, input, output, error
 * or syntax), or `undefined` when the call cannot be serialised (a cycle, a BigInt), which then
 * counts as changed.
 */
export function callFingerprint(node: ToolCallNode): string | undefined {
  const { toolName, toolCallId, state, input, output, errorText, syntax } = node;
  try {
    return JSON.stringify({ toolName, toolCallId, state, input, output, errorText, syntax });
  } catch {
    return undefined;
  }
}
