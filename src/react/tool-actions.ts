import { createContext, useContext, useMemo, useRef } from 'react';
import { useIsomorphicLayoutEffect } from './use-isomorphic-layout-effect.js';

/**
 * A person's answer to a call in `approval-requested`: the shape of `useChat`'s
 * `addToolApprovalResponse` argument (ai 6 and 7), so that function can be passed as it is.
 */
export interface ToolApprovalResponse {
  /** The `approval.id` of the tool part (not its `toolCallId`). */
  id: string;
  approved: boolean;
  reason?: string;
}

/**
 * The result of a client-side tool: the shape of `useChat`'s `addToolOutput` argument
 * (ai 6 and 7) — an output, or `state: 'output-error'` with an error text.
 */
export type ToolOutputResult =
  | { tool: string; toolCallId: string; state?: 'output-available'; output: unknown; errorText?: never }
  | { tool: string; toolCallId: string; state: 'output-error'; output?: never; errorText: string };

/**
 * The lifecycle callbacks of a transcript. Declared as methods so that `useChat`'s functions,
 * whose parameters are typed by the app's own tools, can be passed straight through.
 */
export interface ToolActions {
  /** Called by the Approve and Deny buttons of a call in `approval-requested`. Pass `addToolApprovalResponse`. */
  onToolApprovalResponse?(response: ToolApprovalResponse): void | PromiseLike<void>;
  /** For custom renderers of client-side tools: answer the call. Pass `addToolOutput`. */
  onToolOutput?(result: ToolOutputResult): void | PromiseLike<void>;
}

const NO_ACTIONS: ToolActions = {};

/** The lifecycle callbacks of the enclosing transcript (none outside one). */
export const ToolActionsContext = createContext<ToolActions>(NO_ACTIONS);

/** The lifecycle callbacks of the enclosing `<ToolTranscript>` (or `ToolActionsContext` provider). */
export function useToolActions(): ToolActions {
  return useContext(ToolActionsContext);
}

/**
 * Callbacks that keep their identity while the caller passes new functions each render (an
 * inline arrow, a `useChat` helper re-created): each calls the latest function given. Their
 * identity changes only when a callback is added or removed, so items re-render only then.
 */
export function useStableActions({ onToolApprovalResponse, onToolOutput }: ToolActions): ToolActions {
  const latest = useRef<ToolActions>({ onToolApprovalResponse, onToolOutput });
  useIsomorphicLayoutEffect(() => {
    latest.current = { onToolApprovalResponse, onToolOutput };
  });
  const hasApproval = onToolApprovalResponse !== undefined;
  const hasOutput = onToolOutput !== undefined;
  return useMemo<ToolActions>(() => {
    const actions: ToolActions = {};
    if (hasApproval) actions.onToolApprovalResponse = (response) => latest.current.onToolApprovalResponse?.(response);
    if (hasOutput) actions.onToolOutput = (result) => latest.current.onToolOutput?.(result);
    return hasApproval || hasOutput ? actions : NO_ACTIONS;
  }, [hasApproval, hasOutput]);
}

