/**
 * Whitespace-only text between calls renders no item, and nothing else is hidden: for any
 * sequence of calls, words and whitespace, the transcript shows one text item per text chunk
 * that has a non-blank character, one card per call, and the chunks stay lossless.
 */
import { cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTranscript } from '../../src/index.js';
import { isBlankText } from '../../src/react/TranscriptItems.js';
import { ToolTranscript } from '../../src/react/index.js';

afterEach(cleanup);

const segment = fc.oneof(
  fc.constantFrom('```tool a\ninput: {}\n```\n', '🛠️[b x /]', '<tool_call>{"name": "c", "arguments": {}}</tool_call>'),
  fc.constantFrom('\n', '\n\n', ' ', '\t', '\r\n', '  \n'),
  fc.constantFrom('Hello.', 'two words', '**bold**', '\u00a0'),
);

describe('blank text', () => {
  it('isBlankText is markdown whitespace only', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r', '\f', '\v', 'a', '\u00a0', '\u2028') }), (value) => {
        expect(isBlankText(value)).toBe(/^[ \t\n\r\f\v]*$/.test(value));
      }),
    );
  });

  it('renders one item per non-blank text chunk and one card per call, whatever sits between them', () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 10 }), (segments) => {
        const text = segments.join('');
        const chunks = parseTranscript(text);
        expect(chunks.map((chunk) => ('raw' in chunk ? chunk.raw : chunk.value)).join('')).toBe(text);
        const { container, unmount } = render(<ToolTranscript text={text} />);
        const texts = chunks.filter((chunk) => chunk.type === 'text' && !isBlankText(chunk.value)).length;
        expect(container.querySelectorAll('[data-slot="transcript-text"]')).toHaveLength(texts);
        expect(container.querySelectorAll('[data-slot="tool-call"]')).toHaveLength(chunks.filter((chunk) => chunk.type === 'tool').length);
        unmount();
      }),
      { numRuns: 60 },
    );
  });
});
