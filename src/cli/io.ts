import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { formatSize } from './args.js';

/** A file could not be read or written: reported in one line, exit code 1. */
export class FileError extends Error {}

/** The reader of stdout went away (`tool-transcript parse big.md | head`): their choice, not an error. */
export class ReaderGone extends Error {}

/** A stream the CLI writes to: `process.stdout` fits. The callback reports the write's outcome. */
export interface Writable {
  write(text: string, callback: (error?: Error | null) => void): unknown;
}

/** Where the CLI's result goes, piece by piece. */
export interface Output {
  /** Writes `text`, resolving once it is handed to the system (so memory never piles up). */
  write(text: string): Promise<void>;
  /** Finishes the output; resolves once everything is written. */
  close(): Promise<void>;
}

/**
 * Reads `file`, or all of `stdin` when `file` is `-`, as UTF-8 text. An input over `maxSize`
 * bytes is refused before it is read (a file) or as soon as it is passed (stdin).
 */
export async function readInput(file: string, stdin: AsyncIterable<string | Uint8Array>, maxSize: number): Promise<string> {
  if (file === '-') return readStream(stdin, maxSize);
  let handle;
  try {
    handle = await open(file, 'r');
    const { size } = await handle.stat();
    if (size > maxSize) throw tooLarge(`${file} is ${formatSize(size)},`, maxSize);
    return await handle.readFile('utf8');
  } catch (error) {
    if (error instanceof FileError) throw error;
    throw new FileError(`cannot read ${file}: ${describeFsError(error)}`);
  } finally {
    await handle?.close();
  }
}

/** `what` says which input and, when known, its size: `big.md is 52.4 MiB,` or `stdin is`. */
function tooLarge(what: string, maxSize: number): FileError {
  return new FileError(`${what} over the ${formatSize(maxSize)} limit (raise it with --max-size)`);
}

async function readStream(stream: AsyncIterable<string | Uint8Array>, maxSize: number): Promise<string> {
  const decoder = new TextDecoder();
  const pieces: string[] = [];
  let bytes = 0;
  try {
    for await (const chunk of stream) {
      bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
      if (bytes > maxSize) throw tooLarge('stdin is', maxSize);
      pieces.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    }
  } catch (error) {
    if (error instanceof FileError) throw error;
    throw new FileError(`cannot read stdin: ${describeFsError(error)}`);
  }
  pieces.push(decoder.decode());
  return pieces.join('');
}

/** Writes to `stream` (stdout), one write at a time. */
export function streamOutput(stream: Writable): Output {
  return {
    write: (text) => writeTo(stream, text, 'stdout'),
    close: async () => {},
  };
}

/** Writes to the file `file`, created or truncated. */
export function fileOutput(file: string): Output {
  const stream = createWriteStream(file, 'utf8');
  let failure: Error | undefined;
  // Errors also reach each write's callback; this listener only keeps them from being unhandled.
  stream.on('error', (error) => {
    failure ??= error;
  });
  const fail = (error: unknown) => new FileError(`cannot write ${file}: ${describeFsError(error)}`);
  return {
    write: async (text) => {
      if (failure) throw fail(failure);
      await writeTo(stream, text, file).catch((error: unknown) => {
        throw error instanceof FileError ? error : fail(error);
      });
    },
    close: () =>
      new Promise((resolve, reject) => {
        if (failure) return reject(fail(failure));
        stream.end(() => (failure ? reject(fail(failure)) : resolve()));
        stream.once('error', (error) => reject(fail(error)));
      }),
  };
}

function writeTo(stream: Writable, text: string, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    try {
      stream.write(text, (error) => (error ? reject(writeError(error, name)) : resolve()));
    } catch (error) {
      reject(writeError(error, name));
    }
  });
}

function writeError(error: unknown, name: string): Error {
  if ((error as { code?: unknown } | null)?.code === 'EPIPE') return new ReaderGone('the reader closed the pipe');
  return new FileError(`cannot write ${name === 'stdout' ? 'to stdout' : name}: ${describeFsError(error)}`);
}

const FS_ERRORS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EISDIR: 'is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EROFS: 'read-only file system',
  EIO: 'input/output error',
};

/** A short, single-line reason for a file-system error. */
function describeFsError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code in FS_ERRORS) return FS_ERRORS[code]!;
  const message = error instanceof Error ? error.message : String(error);
  return message.split(/\r?\n/)[0]!;
}
