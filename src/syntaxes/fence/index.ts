import type { ToolSyntax } from '../../types.js';
import { fenceDescription } from './describe.js';
import { formatFence } from './format.js';
import { fenceOpener } from './reader.js';

export interface FenceSyntaxOptions {
  /** The info-string word that marks a tool fence. Default `tool`. */
  word?: string;
}

/**
 * Markdown fences whose info string starts with `tool`, with a YAML body
 * (` ```tool NAME ID ` or ` ```tool name=… id=… `). Fences of any other
 * language are code, and markers inside them are text.
 */
export function createFenceSyntax(options: FenceSyntaxOptions = {}): ToolSyntax {
  const word = options.word ?? 'tool';
  return {
    name: 'fence',
    triggers: '`~',
    placement: 'line-start',
    startOpener: (work) => fenceOpener(word, work),
    format: (call) => formatFence(call, word),
    describe: fenceDescription(word),
  };
}

/** The fence syntax with default options. */
export const fenceSyntax: ToolSyntax = /* @__PURE__ */ createFenceSyntax();
