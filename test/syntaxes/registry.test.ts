/**
 * The syntax registry: names resolve to the built-in syntax objects, unknown
 * names (prototype keys included) fail with a clear error, and every built-in
 * syntax carries what the rest of the library needs from it.
 */
import { describe, expect, it } from 'vitest';
import { defaultSyntaxes, parseTranscript, type SyntaxName } from '../../src/index.js';
import { builtinSyntaxes, resolveSyntaxes } from '../../src/syntaxes/index.js';

describe('resolveSyntaxes', () => {
  it('resolves every built-in name, and no names to the defaults', () => {
    for (const [name, syntax] of Object.entries(builtinSyntaxes)) expect(resolveSyntaxes([name as SyntaxName])).toEqual([syntax]);
    expect(resolveSyntaxes()).toEqual([...defaultSyntaxes]);
  });

  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'yaml', ''])('rejects %j as an unknown syntax, not with a TypeError', (name) => {
    expect(() => resolveSyntaxes([name as SyntaxName])).toThrow(`tool-transcript: unknown syntax ${JSON.stringify(name)} (known: fence, caret, emoji, sentinel, xml, json, hermes, qwen3coder, glm, deepseek, kimi, harmony, minimax, dsml, invoke, mistral, gemma, granite, toolcalls, phi4, tooltags, pythonic, lfm2, olmo3, internlm)`);
    expect(() => parseTranscript('x', { syntaxes: [name as SyntaxName] })).toThrow(/unknown syntax/);
  });
});

describe('built-in syntaxes', () => {
  it('each describes itself for describeTools, and names itself as registered', () => {
    for (const [name, syntax] of Object.entries(builtinSyntaxes)) {
      expect(syntax.name).toBe(name);
      expect(syntax.describe?.rules).toMatch(/^Write each tool call/);
    }
  });
});
