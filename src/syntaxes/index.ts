import type { SyntaxName, ToolSyntax } from '../types.js';
import { caretSyntax } from './caret/index.js';
import { emojiSyntax } from './emoji/index.js';
import { fenceSyntax } from './fence/index.js';
import { hermesSyntax } from './hermes/index.js';
import { jsonSyntax } from './json/index.js';
import { tooltagsSyntax } from './tooltags/index.js';
import { sentinelSyntax } from './sentinel/index.js';
import { xmlSyntax } from './xml/index.js';
import { qwen3CoderSyntax } from './qwen3coder/index.js';
import { glmSyntax } from './glm/index.js';
import { deepSeekSyntax } from './deepseek/index.js';
import { kimiSyntax } from './kimi/index.js';
import { harmonySyntax } from './harmony/index.js';
import { miniMaxSyntax } from './minimax/index.js';
import { dsmlSyntax } from './dsml/index.js';
import { invokeSyntax } from './invoke/index.js';
import { mistralSyntax } from './mistral/index.js';
import { phi4Syntax } from './phi4/index.js';
import { toolcallsSyntax } from './toolcalls/index.js';
import { graniteSyntax } from './granite/index.js';
import { gemmaSyntax } from './gemma/index.js';
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
export { createQwen3CoderSyntax, qwen3CoderSyntax } from './qwen3coder/index.js';
export { createGlmSyntax, glmSyntax, type GlmSyntaxOptions } from './glm/index.js';
export { createDeepSeekSyntax, deepSeekSyntax, type DeepSeekSyntaxOptions } from './deepseek/index.js';
export { createKimiSyntax, kimiSyntax } from './kimi/index.js';
export { createHarmonySyntax, harmonySyntax } from './harmony/index.js';
export { createMiniMaxSyntax, miniMaxSyntax } from './minimax/index.js';
export { createDsmlSyntax, dsmlSyntax, type DsmlSyntaxOptions } from './dsml/index.js';
export { createInvokeSyntax, invokeSyntax } from './invoke/index.js';
export { createMistralSyntax, mistralSyntax } from './mistral/index.js';
export { createGemmaSyntax, gemmaSyntax } from './gemma/index.js';
export { createGraniteSyntax, graniteSyntax } from './granite/index.js';
export { createToolcallsSyntax, toolcallsSyntax } from './toolcalls/index.js';
export { createPhi4Syntax, phi4Syntax } from './phi4/index.js';
export { createTooltagsSyntax, tooltagsSyntax, type TooltagsSyntaxOptions } from './tooltags/index.js';
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
  qwen3coder: qwen3CoderSyntax,
  glm: glmSyntax,
  deepseek: deepSeekSyntax,
  kimi: kimiSyntax,
  harmony: harmonySyntax,
  minimax: miniMaxSyntax,
  dsml: dsmlSyntax,
  invoke: invokeSyntax,
  mistral: mistralSyntax,
  gemma: gemmaSyntax,
  granite: graniteSyntax,
  toolcalls: toolcallsSyntax,
  phi4: phi4Syntax,
  tooltags: tooltagsSyntax,
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
 * `<write_file path="…">`, `<run_bash>`, `<tool_call>` followed by a call, and the markers
 * and special tokens of open models' native formats (`<minimax:tool_call>`,
 * `<function_calls><invoke`, `<｜tool▁calls▁begin｜>`, `<｜DSML｜function_calls>`,
 * `<|tool_calls_section_begin|>`, `<|channel|>` with `to=functions.NAME`, `[TOOL_CALLS]`,
 * `<|tool_call>`, `<start_function_call>`, `<|tool_call|>`, `<tool_calls>[{`, `functools[{`,
 * `<|tool_call_start|>`, `<function_calls>` before a Python call, `<|action_start|><|plugin|>`).
 * `json` and `pythonic` are opt-in: ordinary prose and examples hold JSON objects at line
 * starts and bracketed call lists; `tooltags` is added when `tools` are given.
 */
export const defaultSyntaxes: readonly ToolSyntax[] = [
  fenceSyntax,
  caretSyntax,
  emojiSyntax,
  sentinelSyntax,
  xmlSyntax,
  hermesSyntax,
  qwen3CoderSyntax,
  glmSyntax,
  deepSeekSyntax,
  kimiSyntax,
  harmonySyntax,
  miniMaxSyntax,
  dsmlSyntax,
  invokeSyntax,
  mistralSyntax,
  gemmaSyntax,
  graniteSyntax,
  toolcallsSyntax,
  phi4Syntax,
  lfm2Syntax,
  olmo3Syntax,
  internlmSyntax,
];

/**
 * Turns the `syntaxes` option into syntax objects, rejecting unknown names with a clear error.
 * With no `syntaxes` and a non-empty `tools` list, the default set is preceded by `tooltags`
 * (elements named after those tools are calls; each parser binds it to its `tools`).
 */
export function resolveSyntaxes(syntaxes?: ReadonlyArray<SyntaxName | ToolSyntax>, tools?: readonly unknown[]): ToolSyntax[] {
  if (syntaxes === undefined) return tools !== undefined && tools.length > 0 ? [tooltagsSyntax, ...defaultSyntaxes] : [...defaultSyntaxes];
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
