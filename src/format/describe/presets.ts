import type { SyntaxName, ToolSyntax } from '../../types.js';
import { createJsonSyntax } from '../../syntaxes/index.js';
import { isRecord } from '../../object.js';
import { markdownSections } from '../sections/markdown.js';
import type { SectionFormat } from '../sections/types.js';
import { xmlSections } from '../sections/xml.js';

/**
 * What a model provider's models write best: the tool syntax to describe
 * tools in (and to parse their replies with) and the section format for tool
 * results. Pass one to `describeTools` in place of a syntax; an explicit
 * `syntax` option overrides its syntax.
 */
export interface ProviderPreset {
  /** The provider's name. */
  readonly provider: string;
  /** The syntax its models are taught, by name or as a syntax object. */
  readonly syntax: SyntaxName | ToolSyntax;
  /** The sections its tool results are written in (`formatToolResults(results, preset.sections)`). */
  readonly sections: SectionFormat;
}

/** Names of the built-in {@link presets}. */
export type PresetName = 'openai' | 'anthropic' | 'gemini' | 'mistral' | 'ollama';

/**
 * Provider presets:
 *
 * - `openai`: JSON in OpenAI's `tool_calls` envelope (the `json` syntax's default
 *   style: what their models are trained to emit), markdown sections;
 * - `anthropic`: XML `<tool name="…">` (Anthropic's prompting guides use XML tags
 *   throughout), XML sections;
 * - `gemini`: JSON in Gemini's `{"name", "args"}` form (`createJsonSyntax({ style: 'gemini' })`),
 *   markdown sections;
 * - `mistral`: JSON in the `tool_calls` envelope (OpenAI-compatible function calling),
 *   markdown sections;
 * - `ollama`: ```` ```tool ```` fences with YAML, markdown sections: local open
 *   models without native tool calling know markdown fences and YAML well.
 *
 * The `json` reader accepts every envelope whatever the style, so parsing needs no preset;
 * pass `syntaxes: ['json']` (it is not on by default).
 */
export const presets: Readonly<Record<PresetName, ProviderPreset>> = {
  openai: { provider: 'openai', syntax: 'json', sections: markdownSections },
  anthropic: { provider: 'anthropic', syntax: 'xml', sections: xmlSections },
  gemini: { provider: 'gemini', syntax: createJsonSyntax({ style: 'gemini' }), sections: markdownSections },
  mistral: { provider: 'mistral', syntax: 'json', sections: markdownSections },
  ollama: { provider: 'ollama', syntax: 'fence', sections: markdownSections },
};

/** Whether a `describeTools` target is a preset (and not a syntax or a syntax name). */
export function isPreset(value: unknown): value is ProviderPreset {
  return isRecord(value) && typeof value.provider === 'string' && 'syntax' in value;
}
