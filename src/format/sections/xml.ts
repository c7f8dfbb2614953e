import { SectionCollector, SectionRegistry, sectionList } from './registry.js';
import type { Section, SectionFormat, SectionSpec } from './types.js';

/** A tag name sections can use. */
const TAG_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;

/**
 * XML sections: `<name>` … `</name>` (whitespace allowed before `>`, no
 * attributes). Each closing tag is paired with the latest unmatched opening
 * tag of its name; of the pairs found, those inside another pair are
 * content of it. So a stray `<answer>` or `</answer>` mentioned inside
 * another section does not break it. Text outside sections is ignored.
 *
 * With `names`, only those names are tags (case-insensitively, returned in
 * the registered spelling); without, any tag name is, as written (and
 * case-sensitively paired).
 *
 * Content holding its own section's opening or closing tag cannot come back
 * from `parseSections` unchanged: the tag pairs differently.
 */
export function createXmlSections(names: readonly SectionSpec[] = []): SectionFormat {
  const registry = new SectionRegistry(names, checkXmlName);
  const formatSection = (name: string, content: string): string => {
    checkXmlName(name);
    return `<${name}>\n${content}\n</${name}>`;
  };
  return {
    kind: 'xml',
    names: registry.sections.map((section) => section.name),
    formatSection,
    formatSections: (sections: readonly Section[]) => sections.map(({ name, content }) => `${formatSection(name, content)}\n`).join(''),
    parseSections: (text: string) => parseXmlSections(text, registry.sections.length > 0 ? registry : undefined),
    describeStructure: () => describeXml(registry),
    wrapObservation: (text: string) => (text === '' ? '' : `<observation>\n${text}${text.endsWith('\n') ? '' : '\n'}</observation>`),
  };
}

/** XML sections accepting any tag name. */
export const xmlSections: SectionFormat = createXmlSections();

function checkXmlName(name: unknown): void {
  if (typeof name !== 'string' || !TAG_NAME.test(name)) {
    throw new Error(`xml sections: a section name must be a tag name ([A-Za-z_] then [A-Za-z0-9_.:-]), not ${JSON.stringify(name)}`);
  }
}

interface OpenTag {
  start: number;
  contentStart: number;
}

interface Pair {
  name: string;
  start: number;
  contentStart: number;
  contentEnd: number;
  end: number;
}

function parseXmlSections(text: string, registry: SectionRegistry | undefined): Record<string, string[]> {
  const open = new Map<string, OpenTag[]>();
  const pairs: Pair[] = [];
  let i = 0;
  while (i < text.length) {
    const start = text.indexOf('<', i);
    if (start === -1) break;
    const tag = readTag(text, start);
    // Name characters and blanks hold no `<`: the next search may start where this read stopped.
    i = tag.stop;
    if (!tag.name) continue;
    const name = registry ? registry.lookup(tag.name) : tag.name;
    if (name === undefined) continue;
    const stack = open.get(name);
    if (!tag.closing) {
      const entry = { start, contentStart: tag.stop };
      if (stack) stack.push(entry);
      else open.set(name, [entry]);
      continue;
    }
    const opening = stack?.pop();
    if (opening) pairs.push({ name, start: opening.start, contentStart: opening.contentStart, contentEnd: start, end: tag.stop });
  }
  pairs.sort((a, b) => a.start - b.start);
  const collector = new SectionCollector();
  let taken = 0;
  for (const pair of pairs) {
    if (pair.start < taken) continue;
    collector.add(pair.name, text.slice(pair.contentStart, pair.contentEnd).trim());
    taken = pair.end;
  }
  return collector.result();
}

/** Reads `<name>` or `</name>` at `start`; `stop` is where reading ended (past `>` for a tag). */
function readTag(text: string, start: number): { name?: string; closing: boolean; stop: number } {
  const closing = text[start + 1] === '/';
  const nameStart = start + (closing ? 2 : 1);
  let j = nameStart;
  if (j < text.length && /[A-Za-z_]/.test(text[j]!)) {
    j++;
    while (j < text.length && /[A-Za-z0-9_.:-]/.test(text[j]!)) j++;
  }
  if (j === nameStart) return { closing, stop: start + 1 };
  const nameEnd = j;
  while (text[j] === ' ' || text[j] === '\t' || text[j] === '\n' || text[j] === '\r') j++;
  if (text[j] !== '>') return { closing, stop: j };
  return { name: text.slice(nameStart, nameEnd), closing, stop: j + 1 };
}

function describeXml(registry: SectionRegistry): string {
  const rules =
    'Write your reply as sections. Put each section between an opening tag and a closing tag named after it, ' +
    'each tag on a line of its own. Text outside the sections is ignored.';
  if (registry.sections.length === 0) return `${rules}\n\nFor example:\n\n<answer>\nThe answer.\n</answer>`;
  return `${rules}\n\nSections:\n${sectionList(registry.sections, (name) => `\`<${name}>\``)}`;
}
