import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMarkdownSections, createXmlSections, markdownSections, xmlSections } from '../../src/index.js';
import type { Section, SectionFormat } from '../../src/format/sections/types.js';

const NAMES = ['Thought', 'answer', 'code_review'];

describe('markdown sections', () => {
  const md = createMarkdownSections(NAMES);

  it('formats as the seed does: `# name`, a line break, the content; sections apart by a blank line', () => {
    expect(md.formatSection('answer', '42')).toBe('# answer\n42');
    expect(md.formatSections([{ name: 'Thought', content: 'a' }, { name: 'answer', content: 'b' }])).toBe('# Thought\na\n\n# answer\nb');
    expect(md.formatSections([])).toBe('');
    expect(md.names).toEqual(NAMES);
  });

  it('matches names case-insensitively, returns the registered spelling, trims, accumulates repeats', () => {
    const text = 'preamble is ignored\n# thought\n  first  \n\n#   ANSWER  \n\n42\n\n# Thought\nsecond\n';
    expect(md.parseSections(text)).toEqual({ Thought: ['first', 'second'], answer: ['42'] });
  });

  it('keeps `##` headings, other `#` headings, `#name`, indented code and fenced code as content', () => {
    const text = [
      '# answer',
      '## Thought',
      '# Summary',
      '#thought',
      '    # thought',
      '```md',
      '# thought',
      '```',
      '~~~~',
      '# thought',
      '~~~',
      '~~~~~',
      '# code_review',
      'ok',
    ].join('\n');
    expect(md.parseSections(text)).toEqual({
      answer: ['## Thought\n# Summary\n#thought\n    # thought\n```md\n# thought\n```\n~~~~\n# thought\n~~~\n~~~~~'],
      code_review: ['ok'],
    });
  });

  it('accepts up to three spaces before `#`, tabs after it, and CRLF line breaks', () => {
    expect(md.parseSections('   #\tanswer\r\nx\r\n# thought\r\ny\r\n')).toEqual({ answer: ['x'], Thought: ['y'] });
  });

  it('reads lines and fences by the markdown model: lone CR line breaks, only blanks after a closing run', () => {
    expect(md.parseSections('# answer\rx\r# thought\ry')).toEqual({ answer: ['x'], Thought: ['y'] });
    // `` ``` `` with a no-break space after it closes nothing: the `# thought` line is still code.
    expect(md.parseSections('# answer\n```\n```\u00A0\n# thought\n```\n')).toEqual({ answer: ['```\n```\u00A0\n# thought\n```'] });
  });

  it('leaves an empty section out: an empty `# Action` is no action', () => {
    const sections = createMarkdownSections(['Thought', 'Action', 'Answer']);
    expect(sections.parseSections('# Thought\nthink\n# Action\n# Answer\n42')).toEqual({ Thought: ['think'], Answer: ['42'] });
    expect(sections.parseSections('# Action\n  \t\r\n\n# Action\nrun\n# Action\n')).toEqual({ Action: ['run'] });
    expect(markdownSections.parseSections('# Action')).toEqual({});
    expect(markdownSections.parseSections('# Action\n\n\n')).toEqual({});
  });

  it('without registered names, any `# name` line is a section, spelled as written', () => {
    expect(markdownSections.parseSections('# Plan\na\n## sub\n# plan\nb')).toEqual({ Plan: ['a\n## sub'], plan: ['b'] });
    expect(markdownSections.parseSections('# __proto__\nx\n# constructor\ny')).toEqual(
      Object.fromEntries([['__proto__', ['x']], ['constructor', ['y']]]),
    );
    expect(markdownSections.parseSections('no sections at all')).toEqual({});
  });

  it('describes its structure, with the registered names and their descriptions', () => {
    const described = createMarkdownSections(['thought', { name: 'answer', description: 'the final answer' }]).describeStructure();
    expect(described).toContain('Start each section with a line holding `#`, a space and the section name');
    expect(described).toContain('Sections:\n- `# thought`\n- `# answer`: the final answer');
    expect(markdownSections.describeStructure()).toContain('# answer\nThe answer.');
  });

  it('rejects names it cannot write, and names registered twice', () => {
    expect(() => md.formatSection('a\nb', 'x')).toThrow(/one line/);
    expect(() => md.formatSection(' a', 'x')).toThrow(/surrounding spaces/);
    expect(() => createMarkdownSections(['a', 'A'])).toThrow(/registered twice/);
    expect(() => createMarkdownSections([''])).toThrow(/section name/);
  });
});

describe('xml sections', () => {
  const xml = createXmlSections(NAMES);

  it('formats as the seed does: tags on lines of their own, each section followed by a line break', () => {
    expect(xml.formatSection('answer', '42')).toBe('<answer>\n42\n</answer>');
    expect(xml.formatSections([{ name: 'Thought', content: 'a' }, { name: 'answer', content: 'b' }])).toBe(
      '<Thought>\na\n</Thought>\n<answer>\nb\n</answer>\n',
    );
  });

  it('leaves an empty section out: an empty `<action></action>` is no action', () => {
    const sections = createXmlSections(['thought', 'action']);
    expect(sections.parseSections('<thought>think</thought>\n<action></action>')).toEqual({ thought: ['think'] });
    expect(sections.parseSections('<action>\n \t\r\n</action><action>run</action><ACTION ></action >')).toEqual({ action: ['run'] });
    expect(xmlSections.parseSections('<action></action>')).toEqual({});
  });

  it('a stray mention of another section inside a section does not break either', () => {
    const text = [
      '<thought>',
      'I will put the result in <answer> tags, and close with </answer> after it.',
      'Also a stray </code_review> here.',
      '</thought>',
      '<answer>',
      '42',
      '</answer>',
    ].join('\n');
    expect(xml.parseSections(text)).toEqual({
      Thought: ['I will put the result in <answer> tags, and close with </answer> after it.\nAlso a stray </code_review> here.'],
      answer: ['42'],
    });
  });

  it('pairs each closing tag with the latest unmatched opening tag of its name; nested pairs are content', () => {
    expect(xml.parseSections('<answer>write <answer> tags</answer>')).toEqual({ answer: ['tags'] });
    expect(xml.parseSections('<answer>a <answer>b</answer> c</answer>')).toEqual({ answer: ['a <answer>b</answer> c'] });
    expect(xml.parseSections('<thought>x <answer>y</thought> z</answer><answer>ok</answer>')).toEqual({
      Thought: ['x <answer>y'],
      answer: ['ok'],
    });
  });

  it('matches names case-insensitively, ignores unregistered tags and text outside, accumulates repeats', () => {
    const text = 'intro <b>bold</b>\n<ANSWER >one</answer>\n<other>x</other><answer>\n two \n</Answer\n>';
    expect(xml.parseSections(text)).toEqual({ answer: ['one', 'two'] });
  });

  it('without registered names, any tag is a section, paired case-sensitively as written', () => {
    const text = '<observation>\n<read_file>\n{"a":1}\n</read_file>\n</observation>\n<A>x</a><b>y</b>';
    expect(xmlSections.parseSections(text)).toEqual({
      observation: ['<read_file>\n{"a":1}\n</read_file>'],
      b: ['y'],
    });
  });

  it('wraps an observation, and describes its structure', () => {
    expect(xml.wrapObservation('<a>\nx\n</a>\n')).toBe('<observation>\n<a>\nx\n</a>\n</observation>');
    expect(xml.wrapObservation('')).toBe('');
    expect(createXmlSections([{ name: 'answer', description: 'the answer' }]).describeStructure()).toContain('Sections:\n- `<answer>`: the answer');
  });

  it('rejects names that are not tag names', () => {
    expect(() => xml.formatSection('read file', 'x')).toThrow(/tag name/);
    expect(() => createXmlSections(['1a'])).toThrow(/tag name/);
  });
});

// ---------------------------------------------------------------------------
// Round trips
// ---------------------------------------------------------------------------

/**
 * A content fragment (whole lines) and what keeps it from coming back:
 * `mdHeader` — a line that is a markdown section line (`# name` outside
 * fenced code) is a section start, not content; `xmlTags` — the lower-cased
 * names whose tags it holds: content holding its own section's tag pairs
 * differently, so such content cannot round-trip either.
 */
interface Fragment {
  text: string;
  mdHeader?: 'registered' | 'other';
  xmlTags?: string[];
}

const anyName = fc.constantFrom(...NAMES);
const casing = fc.constantFrom((s: string) => s, (s: string) => s.toUpperCase(), (s: string) => s.toLowerCase());

const fragment: fc.Arbitrary<Fragment> = fc.oneof(
  // Contents are trimmed before writing, so a fragment must not become a header or fence line by losing its indent.
  fc.string({ maxLength: 12 }).filter((s) => !/[\r\n<>]/.test(s) && !/^\s*(#|```|~~~)/.test(s)).map((text) => ({ text })),
  fc.constantFrom('#', '##', '#x', '- item', '> quote', 'code:\n    # thought', 'a # b', '<', '>', '</', '< answer>').map((text) => ({ text })),
  anyName.map((name) => ({ text: `## ${name}` })),
  anyName.map((name) => ({ text: `# ${name}`, mdHeader: 'registered' as const })),
  fc.constant({ text: '# Summary', mdHeader: 'other' as const }),
  anyName.map((name) => ({ text: `\`\`\`md\n# ${name}\n\`\`\`` })),
  anyName.map((name) => ({ text: `~~~~\n# ${name}\n~~~\n~~~~` })),
  fc.tuple(anyName, casing).map(([name, c]) => ({ text: `mention <${c(name)}> here`, xmlTags: [name.toLowerCase()] })),
  fc.tuple(anyName, casing).map(([name, c]) => ({ text: `stray </${c(name)}>`, xmlTags: [name.toLowerCase()] })),
  fc.tuple(anyName, anyName).map(([a, b]) => ({ text: `<${a}>nested</${b}>`, xmlTags: [a.toLowerCase(), b.toLowerCase()] })),
  fc.constant({ text: '<div>html</div>' }),
);

const content = fc.array(fragment, { maxLength: 5 });

/** Sections of registered names, written in any case. */
const sectionList = fc.array(fc.record({ name: anyName, casing, fragments: content }), { maxLength: 5 });

/** Sections written and the record `parseSections` should give (contents trimmed: parsing trims by design, so that is not a loss). */
function build(list: Array<{ name: string; casing: (s: string) => string; fragments: Fragment[] }>, registered: boolean) {
  const sections: Section[] = [];
  const expected = new Map<string, string[]>();
  for (const { name, casing: c, fragments } of list) {
    const text = fragments.map((f) => f.text).join('\n').trim();
    const written = registered ? c(name) : name;
    sections.push({ name: written, content: text });
    // An empty section is left out of the parsed record.
    if (text !== '') expected.set(name, [...(expected.get(name) ?? []), text]);
  }
  return { sections, expected: Object.fromEntries(expected) };
}

function roundTrip(format: SectionFormat, keep: (f: Fragment, section: string) => boolean, registered: boolean) {
  fc.assert(
    fc.property(sectionList, (list) => {
      fc.pre(list.every(({ name, fragments }) => fragments.every((f) => keep(f, name))));
      const { sections, expected } = build(list, registered);
      expect(format.parseSections(format.formatSections(sections))).toEqual(expected);
    }),
    { numRuns: 400 },
  );
}

describe('round trips: parseSections(formatSections(x))', () => {
  it('markdown with registered names: only content lines `# registered-name` cannot come back', () => {
    roundTrip(createMarkdownSections(NAMES), (f) => f.mdHeader !== 'registered', true);
  });

  it('markdown accepting any name: no content line may be a `# name` line', () => {
    roundTrip(markdownSections, (f) => f.mdHeader === undefined, false);
  });

  it("xml with registered names: only content holding its own section's tag cannot come back", () => {
    roundTrip(createXmlSections(NAMES), (f, section) => !f.xmlTags?.includes(section.toLowerCase()), true);
  });

  it("xml accepting any name: the same, its own tag as written", () => {
    roundTrip(xmlSections, (f, section) => !f.text.includes(`<${section}>`) && !f.text.includes(`</${section}>`), false);
  });
});

// Pathological inputs a quadratic reader would never finish in the test's time: each is
// followed by one real section, which must still come back. (How fast is `npm run bench`'s job.)
describe('pathological input', () => {
  const inputs: Array<[string, string]> = [
    ['unclosed tag names', '<answer'.repeat(100_000)],
    ['opening tags only', '<answer>'.repeat(100_000)],
    ['closing tags only', '</answer>'.repeat(100_000)],
    ['tags with long blanks', `<answer${' '.repeat(400_000)}x`],
    ['header lines', '# answer\n'.repeat(100_000)],
    ['blank-padded headers', `# ${' '.repeat(400_000)}x${' '.repeat(400_000)}\n`.repeat(2)],
    ['fence lines', '```\n'.repeat(100_000)],
  ];
  const lastSection = { xml: '\n<answer>\n42\n</answer>\n', markdown: '\n# answer\n42\n' };
  for (const [what, text] of inputs) {
    it(what, () => {
      for (const format of [createXmlSections(NAMES), xmlSections, createMarkdownSections(NAMES), markdownSections]) {
        expect(format.parseSections(text + lastSection[format.kind]), format.kind).toEqual({ answer: ['42'] });
      }
    });
  }
});
