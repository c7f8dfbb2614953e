/** `<ToolTranscript tools>`: the tool-name XML syntax reads the elements named after the tools given, and only then. */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToolTranscript } from '../../src/react/index.js';

const text = 'Reading.\n\n<read_file>\n<path>src/a.md</path>\n</read_file>\n';

describe('ToolTranscript with tools reads tool-name XML', () => {
  it('renders a card for <read_file> when the tool is given, and text without tools', () => {
    const withTools = renderToString(<ToolTranscript text={text} tools={[{ name: 'read_file' }]} />);
    expect(withTools).toContain('data-tool-name="read_file"');
    const without = renderToString(<ToolTranscript text={text} />);
    expect(without).not.toContain('data-tool-name');
  });
});
