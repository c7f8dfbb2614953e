import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TOOL_STATES, type ToolChunk, type ToolState } from 'tool-transcript';
import { ToolTranscript } from 'tool-transcript/react';
import 'tool-transcript/styles.css';
import './app.css';

/**
 * `/gallery.html`: the default card in each of the seven states and a call interrupted by a
 * stop, to look at the theme (`?theme=dark`) without driving a conversation there.
 */
const theme = new URLSearchParams(location.search).get('theme');
if (theme === 'dark' || theme === 'light') document.documentElement.dataset.theme = theme;

function tool(state: ToolState): ToolChunk {
  const chunk: ToolChunk = {
    type: 'tool',
    toolCallId: `call-${state}`,
    toolName: 'delete_files',
    state,
    input: { glob: '/var/log/*.old' },
    syntax: 'fence',
    raw: '',
    closed: state !== 'input-streaming',
  };
  if (state === 'output-available') chunk.output = { deleted: 3, freed: '42 MB' };
  if (state === 'output-error') chunk.errorText = 'EROFS: read-only file system';
  if (state === 'approval-requested') chunk.approval = { id: 'approval-1' };
  if (state === 'approval-responded') chunk.approval = { id: 'approval-1', approved: true };
  if (state === 'output-denied') chunk.approval = { id: 'approval-1', approved: false, reason: 'Keep them for the audit.' };
  return chunk;
}

const stopped: ToolChunk = {
  ...tool('input-streaming'),
  toolCallId: 'stopped',
  toolName: 'write_file',
  input: { path: 'report.md', content: '1. Finding number 1: everything is fine.\n2. Find' },
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main className="chat">
      <ToolTranscript chunks={TOOL_STATES.map(tool)} streaming onToolApprovalResponse={() => {}} />
      <ToolTranscript chunks={[stopped]} streaming={false} />
    </main>
  </StrictMode>,
);
