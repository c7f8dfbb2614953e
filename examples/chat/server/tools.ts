/**
 * The example's tools. The server runs `disk_usage` at once and `delete_files` only once a
 * person approved it; `get_time_zone` is a client-side tool (the browser answers it).
 * Each run is counted by call id, so the end-to-end test can check that no call ran twice.
 */

export type ToolKind = 'server' | 'approval' | 'client';

/** How each tool is run. A tool the model names that is not here gets an error output. */
export const TOOL_KINDS: Readonly<Record<string, ToolKind>> = {
  disk_usage: 'server',
  delete_files: 'approval',
  get_time_zone: 'client',
  write_file: 'server',
};

const executions = new Map<string, number>();

/** How many times each call id was executed on the server. */
export function executionCounts(): Record<string, number> {
  return Object.fromEntries(executions);
}

/** Runs a server-side tool (a stand-in for real work). */
export async function runTool(toolName: string, toolCallId: string, input: unknown): Promise<unknown> {
  executions.set(toolCallId, (executions.get(toolCallId) ?? 0) + 1);
  const { path = '', glob = '/var/log/*.old' } = (input ?? {}) as { path?: string; glob?: string };
  switch (toolName) {
    case 'disk_usage':
      return { path, used: '42 MB', oldLogs: 3 };
    case 'delete_files':
      return { glob, deleted: 3, freed: '42 MB' };
    case 'write_file':
      return { path, written: true };
    default:
      throw new Error(`No server implementation for ${toolName}`);
  }
}
