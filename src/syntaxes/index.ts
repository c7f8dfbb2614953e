import type { SyntaxName, ToolSyntax } from '../types.js';
import { caretSyntax } from './caret/index.js';
import { emojiSyntax } from './emoji/index.js';
import { fenceSyntax } from './fence/index.js';
import { hermesSyntax } from './hermes/index.js';
import { jsonSyntax } from './json/index.js';
import { sentinelSyntax } from './sentinel/index.js';
import { xmlSyntax } from './xml/index.js';
import { pythonicSyntax } from './pythonic/index.js';
import { lfm2Syntax } from './lfm2/index.js';
import { olmo3Syntax } from './olmo3/index.js';
import { internlmSyntax } from './internlm/index.js';

export { createCaretSyntax, caretSyntax, type CaretSyntaxOptions, type CaretGrammar } from './caret/index.js';
export { createEmojiSyntax, emojiSyntax, type EmojiInput } from './emoji/index.js';
export { createFenceSyntax, fenceSyntax, type FenceSyntaxOptions } from './fence/index.js';
export { createHermesSyntax, hermesSyntax } from './hermes/index.js';
export { createJsonSyntax, jsonSyntax, type JsonSyntaxOptions, type JsonStyle } from './json/index.js';
export { createSentinelSyntax, sentinelSyntax, type SentinelSyntaxOptions } from './sentinel/index.js';
export { createXmlSyntax, xmlSyntax, type XmlSyntaxOptions, type XmlStyle } from './xml/index.js';
export { createPythonicSyntax, pythonicSyntax } from './pythonic/index.js';
export { createLfm2Syntax, lfm2Syntax } from './lfm2/index.js';
export { createOlmo3Syntax, olmo3Syntax } from './olmo3/index.js';
export { createInternlmSyntax, internlmSyntax } from './internlm/index.js';

/** The built-in syntaxes by name. A new syntax registers here; the scanner needs no change. */
export const builtinSyntaxes: Readonly<Partial<Record<SyntaxName, ToolSyntax>>> = {
  fence: fenceSyntax,
  caret: caretSyntax,
  emoji: emojiSyntax,
  sentinel: sentinelSyntax,
  xml: xmlSyntax,
  json: jsonSyntax,
  hermes: hermesSyntax,
  pythonic: pythonicSyntax,
  lfm2: lfm2Syntax,
  olmo3: olmo3Syntax,
  internlm: internlmSyntax,
};

/**
 * The syntaxes on when `syntaxes` is not given. All have markers that ordinary
 * prose and code examples do not produce by accident: a fence whose info
 * string is `tool`, a `^^^name` line, the 🛠 bracket, `[[SEG_START {json}]]`
 * with a known type, the XML tags `<tool name="…">`, `<tool:NAME>`,
 * `<write_file path="…">`, `<run_bash>`, and `<tool_call>`. The `json` syntax
 * is opt-in: ordinary prose and examples hold JSON objects at line starts, as
 * the `pythonic` syntax is (`[f(a=1)]` lists). LFM2's `<|tool_call_start|>` and
 * OLMo-3's `<function_calls>` followed by a call, and InternLM's
 * `<|action_start|><|plugin|>` are on.
 */
export const defaultSyntaxes: readonly ToolSyntax[] = [fenceSyntax, caretSyntax, emojiSyntax, sentinelSyntax, xmlSyntax, hermesSyntax, lfm2Syntax, olmo3Syntax, internlmSyntax];

/** Turns the `syntaxes` option into syntax objects, rejecting unknown names with a clear error. */
export function resolveSyntaxes(syntaxes?: ReadonlyArray<SyntaxName | ToolSyntax>): ToolSyntax[] {
  if (syntaxes === undefined) return [...defaultSyntaxes];
  return syntaxes.map((entry) => {
    if (typeof entry !== 'string') return entry;
    // Own properties only: `toString`, `constructor` or `__proto__` are not syntaxes.
    const syntax = Object.hasOwn(builtinSyntaxes, entry) ? builtinSyntaxes[entry] : undefined;
    if (!syntax) {
      const known = Object.keys(builtinSyntaxes).join(', ');
      throw new Error(`tool-transcript: unknown syntax ${JSON.stringify(entry)} (known: ${known})`);
    }
    return syntax;
  });
}
