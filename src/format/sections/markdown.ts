import { afterIndent, closesFence, forEachLine, readFenceOpening, type FenceRun } from '../../markdown/index.js';
import { SectionCollector, SectionRegistry, sectionList } from './registry.js';
import type { Section, SectionFormat, SectionSpec } from './types.js';

/**
 * Markdown sections: a line `# name` (one `#`, up to three spaces before it,
 * at least one space or tab after it) starts a section, whose content runs to
 * the next section line. `##` and deeper headings are content, and so is
 * `# other` when `other` is not a registered name. Lines inside fenced code
 * (```` ``` ```` or `~~~`) are content too, so a `# comment` in a code block
 * does not start a section. Text before the first section is ignored.
 *
 * With `names`, only those names start sections (case-insensitively, returned
 * in the registered spelling); without, any `# name` line does.
 *
 * A content line that reads as a section line of this format cannot be told
 * apart from one, so such content does not come back from `parseSections`
 * unchanged.
 */
export function createMarkdownSections(names: readonly SectionSpec[] = []): SectionFormat {
  const registry = new SectionRegistry(names, checkMarkdownName);
  const formatSection = (name: string, content: string): string => {
    checkMarkdownName(name);
    return `# ${name}\n${content}`;
  };
  return {
    kind: 'markdown',
    names: registry.sections.map((section) => section.name),
    formatSection,
    formatSections: (sections: readonly Section[]) => sections.map(({ name, content }) => formatSection(name, content)).join('\n\n'),
    parseSections: (text: string) => parseMarkdownSections(text, registry.sections.length > 0 ? registry : undefined),
    describeStructure: () => describeMarkdown(registry),
    wrapObservation: (text: string) => text,
  };
}

/** Markdown sections accepting any name (`# name` headers). */
export const markdownSections: SectionFormat = createMarkdownSections();

function checkMarkdownName(name: unknown): void {
  if (typeof name !== 'string' || name === '' || /[\r\n]/.test(name) || name.trim() !== name) {
    throw new Error(`markdown sections: a section name must be one line of text without surrounding spaces, not ${JSON.stringify(name)}`);
  }
}

function parseMarkdownSections(text: string, registry: SectionRegistry | undefined): Record<string, string[]> {
  const collector = new SectionCollector();
  let current: { name: string; start: number } | undefined;
  let fence: FenceRun | undefined;
  forEachLine(text, (line, lineStart, next) => {
    if (fence) {
      if (closesFence(line, fence)) fence = undefined;
      return;
    }
    fence = readFenceOpening(line);
    const header = fence ? undefined : headerName(line);
    const name = header === undefined ? undefined : registry ? registry.lookup(header) : header;
    if (name !== undefined) {
      if (current) collector.add(current.name, text.slice(current.start, lineStart).trim());
      current = { name, start: next };
    }
  });
  if (current) collector.add(current.name, text.slice(current.start).trim());
  return collector.result();
}

/** The name of a `# name` line, or `undefined`. Hand-written: a regex with a lazy name and trailing blanks backtracks. */
function headerName(line: string): string | undefined {
  const i = afterIndent(line);
  if (line[i] !== '#') return undefined;
  const after = line[i + 1];
  if (after !== ' ' && after !== '\t') return undefined;
  const name = line.slice(i + 2).trim();
  return name === '' ? undefined : name;
}

function describeMarkdown(registry: SectionRegistry): string {
  const rules =
    'Write your reply as sections. Start each section with a line holding `#`, a space and the section name; ' +
    'the section is everything up to the next such line. A heading with `##` or more is part of the content.';
  if (registry.sections.length === 0) return `${rules}\n\nFor example:\n\n# answer\nThe answer.`;
  return `${rules}\n\nSections:\n${sectionList(registry.sections, (name) => `\`# ${name}\``)}`;
}
