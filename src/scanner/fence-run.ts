/**
 * The run of backticks or tildes that opens or closes a fenced code block, read from a position
 * in a line: what the line-based readers (the CLI's part cutter, the markdown sections) share,
 * each with its own rule for what may stand before the run.
 */

/** A fence's character and the length of its opening run. */
export interface FenceRun {
  char: string;
  length: number;
}

/** The opening run at `at`: three or more backticks (with no backtick in the rest of the line) or tildes. */
export function openingFenceRun(line: string, at: number): FenceRun | undefined {
  const char = line[at];
  if (char !== '`' && char !== '~') return undefined;
  let end = at;
  while (line[end] === char) end++;
  if (end - at < 3) return undefined;
  if (char === '`' && line.includes('`', end)) return undefined;
  return { char, length: end - at };
}

/** Whether a run at `at` closes `fence`: at least as long a run of its character, then only blanks. */
export function closesFenceRun(line: string, at: number, fence: FenceRun): boolean {
  let end = at;
  while (line[end] === fence.char) end++;
  return end - at >= fence.length && line.slice(end).trim() === '';
}
