import { it } from 'vitest';
import { createTranscriptStore } from '../../src/store/index.js';
it('x', () => {
  const text = 'a\n```tool x\ninput: {q: 1}\n```\nb '.repeat(30);
  for (let k = 0; k < 3; k++) {
    let t = performance.now();
    for (let i = 0; i < 240; i++) { const s = createTranscriptStore(); s.append(text.slice(0, i * 5)); s.getState().byId; }
    console.log('stores', performance.now() - t);
  }
});
