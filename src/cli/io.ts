import { readFile, writeFile } from 'node:fs/promises';

/** A file could not be read or written: reported in one line, exit code 1. */
export class FileError extends Error {}

/** Reads `file`, or all of `stdin` when `file` is `-`, as UTF-8 text. */
export async function readInput(file: string, stdin: AsyncIterable<string | Uint8Array>): Promise<string> {
  if (file === '-') return readStream(stdin);
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new FileError(`cannot read ${file}: ${describeFsError(error)}`);
  }
}

/** Writes `text` to `file`. */
export async function writeOutput(file: string, text: string): Promise<void> {
  try {
    await writeFile(file, text, 'utf8');
  } catch (error) {
    throw new FileError(`cannot write ${file}: ${describeFsError(error)}`);
  }
}

async function readStream(stream: AsyncIterable<string | Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  try {
    for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  } catch (error) {
    throw new FileError(`cannot read stdin: ${describeFsError(error)}`);
  }
  return text + decoder.decode();
}

const FS_ERRORS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EISDIR: 'is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
};

/** A short, single-line reason for a file-system error. */
function describeFsError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code in FS_ERRORS) return FS_ERRORS[code]!;
  const message = error instanceof Error ? error.message : String(error);
  return message.split(/\r?\n/)[0]!;
}
