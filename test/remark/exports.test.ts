import { describe, expect, it } from 'vitest';
import * as remarkEntry from '../../src/remark/index.js';

// The entry's names are pinned with the others' in test/package/exports.test.ts.
describe('tool-transcript/remark exports', () => {
  it('exports the plugin both named and as default', () => {
    expect(remarkEntry.default).toBe(remarkEntry.remarkToolCalls);
    expect(typeof remarkEntry.remarkToolCalls).toBe('function');
  });

  it('has a label for every tool state', () => {
    expect(Object.keys(remarkEntry.DEFAULT_TOOL_CARD_LABELS.states).sort()).toEqual(
      [
        'approval-requested',
        'approval-responded',
        'input-available',
        'input-streaming',
        'output-available',
        'output-denied',
        'output-error',
      ],
    );
  });
});
