/**
 * What the mock model says, by the state of the conversation. A real app has a real model
 * here; the mock lets the example (and its end-to-end test) run offline and the same every time.
 */

/** A tool part of the last assistant message, as far as the script reads it. */
export interface ToolPartView {
  toolName: string;
  state: string;
  output?: unknown;
  approved?: boolean;
}

/** Suggested prompts (also the buttons of the page). */
export const PROMPTS = {
  cleanUp: 'Clean up the old logs',
  timeZone: 'What time zone am I in?',
  report: 'Write a long report',
} as const;

const fence = (name: string, body = '') => `\`\`\`tool ${name}\n${body}\`\`\`\n`;

/** The first reply to a user message. */
export function replyTo(prompt: string): { text: string; chunkDelayMs: number } {
  const normalized = prompt.trim().toLowerCase();
  if (normalized.includes('log')) {
    return {
      chunkDelayMs: 8,
      text:
        "I'll look at the disk first.\n\n" +
        fence('disk_usage', 'input:\n  path: /var/log\n') +
        '\nThe old logs take most of the space. Deleting them needs your OK:\n\n' +
        fence('delete_files', 'input:\n  glob: /var/log/*.old\n'),
    };
  }
  if (normalized.includes('time zone')) {
    return { chunkDelayMs: 8, text: 'Let me ask your browser.\n\n' + fence('get_time_zone', 'input: {}\n') };
  }
  if (normalized.includes('report')) {
    const lines = Array.from({ length: 200 }, (_, i) => `    ${i + 1}. Finding number ${i + 1}: everything is fine.`).join('\n');
    return {
      // Slow on purpose: there is time to press Stop while the call's input streams.
      chunkDelayMs: 40,
      text: 'Writing the report to a file.\n\n' + fence('write_file', `input:\n  path: report.md\n  content: |\n${lines}\n`) + '\nDone.',
    };
  }
  return { chunkDelayMs: 8, text: `Try one of: “${PROMPTS.cleanUp}”, “${PROMPTS.timeZone}” or “${PROMPTS.report}”.` };
}

/** The reply after the tools of the last step have their results (outputs, answers, denials). */
export function followUp(tools: readonly ToolPartView[]): string {
  const deletion = tools.find((tool) => tool.toolName === 'delete_files');
  if (deletion) {
    return deletion.state === 'output-available'
      ? 'Done — deleted 3 old log files and freed 42 MB.'
      : 'All right, I left the logs where they are.';
  }
  const zone = tools.find((tool) => tool.toolName === 'get_time_zone');
  if (zone) {
    const { timeZone } = (zone.output ?? {}) as { timeZone?: string };
    return zone.state === 'output-available' ? `Your browser says **${timeZone}**.` : 'I could not find out your time zone.';
  }
  return 'Done.';
}
