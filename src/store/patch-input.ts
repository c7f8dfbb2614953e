import type { ItemTable } from './item-table.js';
import type { ToolPatch } from './tool-patch.js';

/** The host's (and the AI SDK's result chunks') word on a tool, laid over the tool the text or the SDK made. */
export class PatchInput {
  constructor(private readonly table: ItemTable) {}

  /** Lays a patch over a tool (native or written in the text), by item id or toolCallId; `false` when there is none. */
  patchTool(id: string, patch: ToolPatch): boolean {
    const { table } = this;
    const itemId = table.toolItemId(id);
    const entry = itemId === undefined ? undefined : table.entry(itemId);
    if (!entry || entry.source.type !== 'tool') return false;
    table.patches.add(itemId!, patch);
    table.put(itemId!, entry.source, entry.segment);
    return true;
  }

  /** Every call still receiving input gets `patch` (a stopped stream interrupts them). */
  patchOpenTools(patch: ToolPatch): void {
    for (const id of this.table.openToolIds()) this.patchTool(id, patch);
  }
}
