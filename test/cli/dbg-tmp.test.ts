import { it } from 'vitest';
import { renderTranscriptHtml } from '../../src/cli/transcript-html.js';
import { cutPoints } from '../../src/cli/parts.js';
import { builtinSyntaxes, parseTranscript, type ToolSyntax } from '../../src/index.js';
const S = Object.values(builtinSyntaxes) as ToolSyntax[];
it('dbg', () => {
  const doc = "- ```\n  code in an item\n\n  ^^^read\n  ^^^\nSome *text* with `code` and a [link](https://example.com).\n\nSome *text* with `code` and a [link](https://example.com). \n\n```tool search\ninput:\n  q: x\n```\n";
  const chunks = parseTranscript(doc, { syntaxes: S });
  console.log(chunks.map((c) => c.type === 'text' ? JSON.stringify(c.value) : `TOOL ${c.toolName} ${JSON.stringify(c.raw)}`));
  console.log([...cutPoints(doc, chunks)]);
  console.log(renderTranscriptHtml(doc, S, 1));
  console.log('---');
  console.log(renderTranscriptHtml(doc, S, Infinity));
  const d2 = '```js\n\nin\n```\n\nout1\n~~~~\n\n~~~\n\nin\n~~~~\n\nout2';
  console.log([...cutPoints(d2, parseTranscript(d2, { syntaxes: S }))].map((c) => d2.slice(c, c + 5)));
});
