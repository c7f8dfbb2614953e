import type { ToolSyntax } from '../../types.js';
import { emojiDescription, mapEmojiInput } from './describe.js';
import { formatEmoji } from './format.js';
import { EmojiOpener, HIGH } from './reader.js';

export type { EmojiInput } from './reader.js';

/**
 * `🛠️[NAME ARGS] … 🛠️[/end]` anywhere in a line (U+FE0F optional in both
 * markers), and the self-closing `🛠️[NAME ARGS /]`. Input is
 * `{ args, body }`: the header words after the name, and the body minus one
 * line break right after `]`. With the `tools` option, `{args, body}` is
 * mapped onto each tool's named parameters (words in order, the body to its
 * text parameter; see `describeTools`).
 */
export function createEmojiSyntax(): ToolSyntax {
  return {
    name: 'emoji',
    triggers: HIGH,
    placement: 'inline',
    startOpener: () => new EmojiOpener(),
    format: formatEmoji,
    describe: emojiDescription,
    mapInput: mapEmojiInput,
  };
}

/** The emoji syntax. */
export const emojiSyntax: ToolSyntax = /* @__PURE__ */ createEmojiSyntax();
