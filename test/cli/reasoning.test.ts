/**
 * The `render` command's HTML of reasoning blocks: a collapsed `<details class="tt-reasoning">`
 * holding the text, the same whole and cut into the smallest parts.
 */
import { describe, expect, it } from 'vitest';
import { renderTranscriptHtml } from '../../src/cli/transcript-html.js';
import type { ToolSyntax } from '../../src/index.js';
import { builtinSyntaxes } from '../../src/syntaxes/index.js';

const SYNTAXES = Object.values(builtinSyntaxes) as ToolSyntax[];

describe('render: reasoning', () => {
  it('a collapsible block with the reasoning text; a call inside it is no card; parts change nothing', () => {
    const doc = 'Intro.\n\n<think>Plan:\n\n<tool_call>{"name": "x", "arguments": {}}</tool_call></think>\n\nAnswer.\n\n<think>cut';
    const html = renderTranscriptHtml(doc, SYNTAXES);
    expect(html).toContain('<details class="tt-reasoning" data-slot="reasoning" data-status="done"><summary class="tt-reasoning-header">Reasoning</summary>');
    expect(html).toContain('Plan:\n\n&#x3C;tool_call>');
    expect(html).toContain('data-status="cut-off"');
    expect(html).not.toContain('data-tool-call-id');
    expect(renderTranscriptHtml(doc, SYNTAXES, 1)).toBe(html);
  });
});
