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

/** The size of the pieces a file is read in. */
const READ_SIZE = 64 * 1024;

/**
 * The text of `file`, or of `stdin` when `file` is `-`, as UTF-8, in pieces as it is read: the
 * input is never held whole. An input over `maxSize` bytes is refused before it is read (a file
 * whose size is known) or as soon as it passes the limit (stdin, a pipe), with a {@link FileError}.
 * A byte order mark is kept, as text (the markdown parser skips it).
 */
export function readInput(file: string, stdin: AsyncIterable<string | Uint8Array>, maxSize: number): AsyncGenerator<string> {
  return file === '-' ? readStream(stdin, maxSize) : readFileText(file, maxSize);
}

async function* readFileText(file: string, maxSize: number): AsyncGenerator<string> {
  const fail = (error: unknown) => (error instanceof FileError ? error : new FileError(`cannot read ${file}: ${describeFsError(error)}`));
  let handle;
  try {
    handle = await open(file, 'r');
    const { size } = await handle.stat();
    if (size > maxSize) throw tooLarge(`${file} is ${formatSize(size)},`, maxSize);
  } catch (error) {
    await handle?.close();
    throw fail(error);
  }
  try {
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    const buffer = Buffer.alloc(READ_SIZE);
    let bytes = 0;
    for (;;) {
      let read: number;
      try {
        ({ bytesRead: read } = await handle.read(buffer, 0, READ_SIZE, null));
      } catch (error) {
        throw fail(error);
      }
      if (read === 0) break;
      bytes += read;
      // A file that grows while read, or one whose size is not known ahead (a FIFO).
      if (bytes > maxSize) throw tooLarge(`${file} is`, maxSize);
      const text = decoder.decode(buffer.subarray(0, read), { stream: true });
      if (text !== '') yield text;
    }
    const rest = decoder.decode();
    if (rest !== '') yield rest;
  } finally {
    await handle.close();
  }
}

/** `what` says which input and, when known, its size: `big.md is 52.4 MiB,` or `stdin is`. */
function tooLarge(what: string, maxSize: number): FileError {
  return new FileError(`${what} over the ${formatSize(maxSize)} limit (raise it with --max-size)`);
}

async function* readStream(stream: AsyncIterable<string | Uint8Array>, maxSize: number): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let bytes = 0;
  const iterator = stream[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<string | Uint8Array>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw new FileError(`cannot read stdin: ${describeFsError(error)}`);
    }
    if (next.done) break;
    const chunk = next.value;
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    if (bytes > maxSize) {
      await iterator.return?.();
      throw tooLarge('stdin is', maxSize);
    }
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (text !== '') yield text;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
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
