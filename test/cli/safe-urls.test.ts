import { describe, expect, it } from 'vitest';
import { safeUrl } from '../../src/remark/safe-urls.js';

describe('safeUrl', () => {
  it.each([
    'https://example.com/a?b#c',
    'http://x',
    'mailto:someone@example.com',
    'IRCS://chat',
    'relative/path',
    '/absolute',
    '#anchor',
    '?query=a:b',
    'path/with:colon',
    '',
  ])('keeps %j', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'file:///etc/passwd'])(
    'clears %j',
    (url) => {
      expect(safeUrl(url)).toBe('');
    },
  );
});
