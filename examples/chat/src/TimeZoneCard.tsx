import { ToolCall, ToolCallHeader, type ToolComponentProps } from 'tool-transcript/react';

/**
 * A client-side tool: the browser answers `get_time_zone` when the person agrees to share it.
 * `onToolOutput` is useChat's `addToolOutput`, handed to every custom component by the transcript.
 */
export function TimeZoneCard({ tool, onToolOutput }: ToolComponentProps) {
  const answer = () => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    void onToolOutput?.({ tool: tool.toolName, toolCallId: tool.toolCallId, output: { timeZone } });
  };
  const decline = () => {
    void onToolOutput?.({ tool: tool.toolName, toolCallId: tool.toolCallId, state: 'output-error', errorText: 'The user did not share it.' });
  };
  return (
    <ToolCall tool={tool}>
      <ToolCallHeader />
      <div className="tt-tool-body">
        {tool.state === 'input-available' ? (
          <div className="time-zone">
            <span>The assistant asks for your time zone.</span>
            <button type="button" className="tt-tool-button" data-variant="secondary" onClick={decline}>
              Don’t share
            </button>
            <button type="button" className="tt-tool-button" data-variant="primary" onClick={answer}>
              Share my time zone
            </button>
          </div>
        ) : tool.state === 'output-available' ? (
          <span className="time-zone">Shared: {(tool.output as { timeZone: string }).timeZone}</span>
        ) : tool.state === 'output-error' ? (
          <span className="time-zone">{tool.errorText}</span>
        ) : null}
      </div>
    </ToolCall>
  );
}
