import { describe, expect, it } from 'vitest';
import * as remarkEntry from '../../src/remark/index.js';

describe('tool-transcript/remark exports', () => {
  it('pins the public names', () => {
    expect(Object.keys(remarkEntry).sort()).toEqual(
      [
        'DEFAULT_TOOL_CARD_LABELS',
        'createToolCallHandler',
        'default',
        'reasoningToHast',
        'rehypeSafeUrls',
        'remarkToolCalls',
        'safeUrl',
        'toolCallHandler',
        'toolCallToHast',
      ].sort(),
    );
  });

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
