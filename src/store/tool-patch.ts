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

/**
 * `base` with `patch` laid over it, the patch winning (approvals merged field by field): an output
 * clears an error, an error or a denial clears an output. `denialClearsError`: a denial clears an
 * error too — between two patches (a denial after an error is no error), but not over the block's
 * own fields (the `errorText` of a denied block is its reason).
 */
function overlay<T extends ToolPatch>(base: T | undefined, patch: ToolPatch, denialClearsError: boolean): T {
  const result = { ...base, ...patch } as T;
  if (base?.approval && patch.approval) result.approval = { ...base.approval, ...patch.approval };
  if (patch.state === 'output-available' || (denialClearsError && patch.state === 'output-denied')) delete result.errorText;
  if (patch.state === 'output-error' || patch.state === 'output-denied') delete result.output;
  return result;
}

/** The host's patch of each tool item, by item id: merged as patches arrive, laid over the item's source. */
export class ToolPatches {
  private readonly byId = new Map<string, ToolPatch>();

  /** Merges `patch` over the item's earlier patches. */
  add(id: string, patch: ToolPatch): void {
    this.byId.set(id, overlay(this.byId.get(id), patch, true));
  }

  /** The item shown for a tool source: with its patch laid over, or the source itself. */
  over(id: string, source: ToolChunk): ToolChunk {
    const patch = this.byId.get(id);
    return patch ? overlay(source, patch, false) : source;
  }

  delete(id: string): void {
    this.byId.delete(id);
  }

  clear(): void {
    this.byId.clear();
  }
}
