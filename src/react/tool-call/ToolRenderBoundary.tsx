import { Component, type ReactNode } from 'react';
import type { ToolChunk } from '../../types.js';
import { DefaultToolCallParts, ToolCall } from './ToolCall.js';
import { useToolCallLabels } from './card-context.js';
import { fillLabel } from '../../card/index.js';

interface Props {
  tool: ToolChunk;
  children: ReactNode;
}

interface State {
  /** The renderer threw (whatever it threw: `undefined` and `null` too). */
  failed: boolean;
  error: unknown;
  /** The tool the error happened with: a new version of the tool tries the renderer again. */
  failedWith: ToolChunk | undefined;
}

/**
 * Contains a custom tool renderer that throws: shows the default card and the
 * error instead, and the rest of the transcript goes on rendering. The next
 * version of the tool (new state, more input) gives the renderer another try.
 */
export class ToolRenderBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: undefined, failedWith: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (!state.failed) return null;
    if (state.failedWith === undefined) return { failedWith: props.tool };
    return state.failedWith === props.tool ? null : { failed: false, error: undefined, failedWith: undefined };
  }

  override render(): ReactNode {
    const { tool, children } = this.props;
    if (!this.state.failed) return children;
    return (
      <ToolCall tool={tool}>
        <DefaultToolCallParts />
        <RendererError tool={tool} error={this.state.error} />
      </ToolCall>
    );
  }
}

/**
 * What the renderer threw, as text, whatever it was: an `Object.create(null)` or a proxy has no
 * way to become a string, and a throw here would escape the boundary and unmount the transcript.
 */
export function describeThrown(error: unknown): string {
  try {
    if (error instanceof Error) {
      const { message, name } = error;
      if (typeof message === 'string' && message !== '') return message;
      if (typeof name === 'string' && name !== '') return name;
      return 'Error';
    }
    return String(error);
  } catch {
    try {
      return Object.prototype.toString.call(error);
    } catch {
      return 'a value that cannot be shown as text';
    }
  }
}

/** Says which renderer failed and why, in the card's labels; always shown, the card's body may be closed. */
function RendererError({ tool, error }: { tool: ToolChunk; error: unknown }) {
  const labels = useToolCallLabels();
  return (
    <p className="tt-tool-renderer-error" data-slot="tool-call-renderer-error" data-status={tool.state}>
      {fillLabel(labels.rendererFailed, { tool: tool.toolName, error: describeThrown(error) })}
    </p>
  );
}
