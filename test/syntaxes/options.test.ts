/** The factories' options are checked when the syntax is made, one rule for every syntax. */
import { describe, expect, it } from 'vitest';
import { createCaretSyntax, createJsonSyntax, createSentinelSyntax, createXmlSyntax } from '../../src/index.js';
import type { CaretGrammar } from '../../src/syntaxes/caret/format.js';
import type { JsonStyle } from '../../src/syntaxes/json/format.js';
import type { XmlStyle } from '../../src/syntaxes/xml/format.js';

describe('syntax options', () => {
  it('an unknown choice names the syntax, the option and every choice', () => {
    expect(() => createJsonSyntax({ style: 'nope' as JsonStyle })).toThrow('json syntax: unknown style "nope" (expected "openai", "gemini", "default", "llama" or "xlam")');
    expect(() => createXmlSyntax({ style: 'nope' as XmlStyle })).toThrow('xml syntax: unknown style "nope" (expected "tool" or "param")');
    expect(() => createCaretSyntax({ grammar: 'v2' as CaretGrammar })).toThrow('caret syntax: unknown grammar "v2" (expected "v1" or "v0")');
  });

  it('a length below its minimum, or not a number, says what it must be', () => {
    expect(() => createJsonSyntax({ maxOpenerLength: 15 })).toThrow('json syntax: maxOpenerLength must be a number of at least 16, not 15');
    expect(() => createXmlSyntax({ maxOpenerLength: Number.NaN })).toThrow('xml syntax: maxOpenerLength must be a number of at least 16, not NaN');
    expect(() => createSentinelSyntax({ maxHeaderLength: 'x' as unknown as number })).toThrow('sentinel syntax: maxHeaderLength must be a number of at least 2, not x');
  });

  it('undefined or null is the default, and the minimum itself is allowed', () => {
    const plain = (options: object) => createJsonSyntax(options).format({ toolName: 'f', input: { a: 1 } });
    expect(plain({ style: null })).toBe(plain({}));
    expect(plain({ style: undefined, maxOpenerLength: null })).toBe(plain({ style: 'openai' }));
    expect(() => createJsonSyntax({ maxOpenerLength: 16 })).not.toThrow();
    expect(() => createSentinelSyntax({ maxHeaderLength: 2 })).not.toThrow();
    expect(createXmlSyntax({ style: null as unknown as XmlStyle }).format({ toolName: 'f', input: {} })).toBe(createXmlSyntax().format({ toolName: 'f', input: {} }));
  });
});
