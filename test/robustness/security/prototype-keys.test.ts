/**
 * Keys that name `Object.prototype` members (`__proto__`, `constructor`) in
 * what a block says are ordinary keys: kept as own keys of the input and of
 * `fields`, never set as a prototype, never polluting anything.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSyntax } from '../../../src/index.js';
import { builtinSyntaxes } from '../../../src/syntaxes/index.js';
import { onlyTool as onlyToolWith } from '../../support/only-tool.js';

const ALL = Object.values(builtinSyntaxes) as ToolSyntax[];

const onlyTool = (text: string) => onlyToolWith(text, { syntaxes: ALL });

function ownKeys(value: unknown): string[] {
  return Object.getOwnPropertyNames(value);
}

describe('prototype-named keys', () => {
  it('tool fence: __proto__ in the YAML body and in the info string stays an own key', () => {
    const tool = onlyTool('```tool x\n__proto__: {polluted: 1}\ninput:\n  __proto__: {polluted: 2}\n```');
    expect(ownKeys(tool.fields)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(tool.fields)).toBe(Object.prototype);
    expect(ownKeys(tool.input)).toEqual(['__proto__']);
    const info = onlyTool('```tool x __proto__=a\n```');
    expect(ownKeys(info.fields)).toEqual(['__proto__']);
    expect((info.fields as Record<string, unknown>)['__proto__']).toBe('a');
  });

  it.each([
    ['caret', '^^^x\n__proto__: a\nconstructor: b\n^^^'],
    ['xml args', '<tool name="x"><arg name="__proto__">a</arg><arg name="constructor">b</arg></tool>'],
    ['xml elements', '<tool name="x"><__proto__>a</__proto__><constructor>b</constructor></tool>'],
    ['sentinel', '[[SEG_START {"type":"tool","arguments":{"__proto__":"a","constructor":"b"}}]][[SEG_END]]'],
    ['json', '{"name":"x","args":{"__proto__":"a","constructor":"b"}}'],
    ['yaml', '```tool x\ninput:\n  __proto__: a\n  constructor: b\n```'],
  ])('%s: __proto__ and constructor are own keys of the input', (_, text) => {
    const tool = onlyTool(text);
    expect(ownKeys(tool.input).sort()).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(tool.input)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
