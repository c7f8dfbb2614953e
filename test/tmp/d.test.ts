import { it } from 'vitest';
import { createTranscriptEventParser } from '../../src/stream/parser.js';
it('x', () => {
  const p = createTranscriptEventParser({ syntaxes: ['emoji'] });
  console.log(JSON.stringify(p.write('Run 🛠️[create-file a.py]\nprint(1)')));
  console.log(JSON.stringify(p.write('\n🛠️[/end] x')));
});
