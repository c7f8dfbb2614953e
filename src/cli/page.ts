import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolSyntax } from '../types.js';
import type { Theme } from './args.js';
import { FileError } from './io.js';
import { renderTranscriptHtml, TranscriptHtml } from './transcript-html.js';

/** How {@link renderPage} builds the page. */
export interface PageOptions {
  title: string;
  /** Forces a theme; absent, the page follows the reader's system preference. */
  theme?: Theme;
  syntaxes: ToolSyntax[];
  /** The theme's CSS (`styles.css`), inlined in the page. */
  styles: string;
  /** Written in `<meta name="generator">`. */
  generator: string;
}

/** Layout of the page around the transcript (the transcript's own look is in `styles.css`). */
const PAGE_CSS = `
html, body { margin: 0; }
body.tt-transcript { display: block; min-height: 100vh; }
.tt-page { box-sizing: border-box; max-width: 52rem; margin: 0 auto; padding: 2rem 1.25rem 4rem; }
.tt-page > .tt-tool { margin-block: 0 var(--tt-gap); }
.tt-page .tt-tool-section > summary { cursor: pointer; }
.tt-page .tt-tool-section > pre { margin-block-start: 0.25rem; }
.tt-page table { border-collapse: collapse; }
.tt-page :where(th, td) { border: 1px solid var(--tt-border); padding: 0.25rem 0.5rem; }
.tt-page img { max-width: 100%; }
`;

/**
 * A standalone HTML page of the transcript: styles inlined, no script. Raw HTML in the markdown is
 * dropped by `remark-rehype` (it is not passed through), links and images with an unsafe protocol
 * are made inert, and every tool payload is escaped text.
 */
export function renderPage(markdown: string, options: PageOptions): string {
  return pageHead(options) + renderTranscriptHtml(markdown, options.syntaxes) + PAGE_END;
}

/**
 * {@link renderPage} of a transcript that arrives in pieces (a file or stdin as it is read): each
 * part of the page is handed out as soon as it is rendered, and the transcript is never held
 * whole. The page is the same whatever the pieces.
 */
export async function* renderPageStream(markdown: AsyncIterable<string>, options: PageOptions): AsyncGenerator<string> {
  yield pageHead(options);
  const transcript = new TranscriptHtml(options.syntaxes);
  for await (const piece of markdown) yield* transcript.write(piece);
  yield* transcript.end();
  yield PAGE_END;
}

/** The page up to the transcript. */
function pageHead(options: PageOptions): string {
  const { theme } = options;
  const themeAttribute = theme ? ` data-theme="${theme}"` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="${theme ?? 'light dark'}">
<meta name="generator" content="${escapeHtml(options.generator)}">
<title>${escapeHtml(options.title)}</title>
<style>
${options.styles.replace(/<\/style/gi, '<\\/style')}
${PAGE_CSS.trim()}
</style>
</head>
<body class="tt-transcript"${themeAttribute}>
<main class="tt-page">
`;
}

/** The page after the transcript. */
const PAGE_END = `
</main>
</body>
</html>
`;

/**
 * The default theme. The built command reads `styles.css` next to it (`dist/styles.css`); run
 * from the sources it reads `src/styles.css`. The URL is never built from a string literal: Vite
 * would inline that file into the bundle as a data URL; the lookup must happen at run time.
 */
export async function readStyles(): Promise<string> {
  const name = 'styles.css';
  for (const candidate of [`./${name}`, `../${name}`]) {
    try {
      return await readFile(new URL(candidate, import.meta.url), 'utf8');
    } catch {
      // Try the next place.
    }
  }
  throw new FileError(`cannot read ${name} next to the command, in ${dirname(fileURLToPath(import.meta.url))}`);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
