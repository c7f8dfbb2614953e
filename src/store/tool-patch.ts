import type { ToolApproval, ToolChunk, ToolState } from '../types.js';

/**
 * What the host (or a later AI SDK chunk) says about a tool, laid over what the text says:
 * an output, an error, an approval request or answer, a denial. It wins over the block.
 */
export interface ToolPatch {
  state?: ToolState;
  output?: unknown;
  errorText?: string;
  approval?: ToolApproval;
}

/** Two patches, the later one winning; an output clears an error and the other way round. */
function mergePatch(a: ToolPatch | undefined, b: ToolPatch): ToolPatch {
  const merged: ToolPatch = { ...a, ...b };
  if (a?.approval && b.approval) merged.approval = { ...a.approval, ...b.approval };
  if (b.state === 'output-available' || b.state === 'output-denied') delete merged.errorText;
  if (b.state === 'output-error' || b.state === 'output-denied') delete merged.output;
  return merged;
}

/** A tool chunk with a patch laid over it. */
function applyPatch(source: ToolChunk, patch: ToolPatch): ToolChunk {
  const item: ToolChunk = { ...source, ...patch };
  if (patch.approval && source.approval) item.approval = { ...source.approval, ...patch.approval };
  if (patch.state === 'output-available' && patch.errorText === undefined) delete item.errorText;
  if ((patch.state === 'output-error' || patch.state === 'output-denied') && patch.output === undefined) delete item.output;
  return item;
}

/** The host's patch of each tool item, by item id: merged as patches arrive, laid over the item's source. */
export class ToolPatches {
  private readonly byId = new Map<string, ToolPatch>();

  /** Merges `patch` over the item's earlier patches. */
  add(id: string, patch: ToolPatch): void {
    this.byId.set(id, mergePatch(this.byId.get(id), patch));
  }

  /** The item shown for a tool source: with its patch laid over, or the source itself. */
  over(id: string, source: ToolChunk): ToolChunk {
    const patch = this.byId.get(id);
    return patch ? applyPatch(source, patch) : source;
  }

  delete(id: string): void {
    this.byId.delete(id);
  }

  clear(): void {
    this.byId.clear();
  }
}
