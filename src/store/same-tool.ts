import type { ToolApproval, ToolChunk } from '../types.js';

/** Same approval, field by field. */
export function sameApproval(a: ToolApproval | undefined, b: ToolApproval | undefined): boolean {
  return a?.id === b?.id && a?.approved === b?.approved && a?.reason === b?.reason;
}

/** Same shown content (a message is cloned on each update, so compare by value). */
export function sameTool(a: ToolChunk, b: ToolChunk): boolean {
  return (
    a.toolCallId === b.toolCallId &&
    a.toolName === b.toolName &&
    a.state === b.state &&
    a.errorText === b.errorText &&
    a.syntax === b.syntax &&
    a.raw === b.raw &&
    sameApproval(a.approval, b.approval) &&
    deepEqual(a.input, b.input) &&
    deepEqual(a.output, b.output) &&
    deepEqual(a.fields, b.fields)
  );
}

/** Structural equality of JSON-like values. */
function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (const key of keysA) {
    if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
    if (!deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
