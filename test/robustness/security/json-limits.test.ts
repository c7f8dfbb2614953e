/**
 * JSON in tool blocks (the JSON syntax, sentinel headers, arguments and
 * bodies, XML `type="json"` values and JSON bodies) and XML elements within
 * limits: nesting deeper than 100 levels and texts over 16 MiB give an
 * `output-error` tool chunk whose errorText says so — never a value that
 * breaks `JSON.stringify` downstream.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSyntax } from '../../../src/index.js';
import { builtinSyntaxes } from '../../../src/syntaxes/index.js';
import { MAX_JSON_DEPTH, MAX_JSON_LENGTH } from '../../../src/syntaxes/shared/json.js';
import { MAX_XML_DEPTH } from '../../../src/syntaxes/xml/tool-block.js';
import { expectOnlyError, onlyTool as onlyToolWith } from '../../support/only-tool.js';
import { streamPieces } from '../../support/splits.js';

const ALL = Object.values(builtinSyntaxes) as ToolSyntax[];

const onlyTool = (text: string) => onlyToolWith(text, { syntaxes: ALL });
const expectError = (text: string, errorText: RegExp) => expectOnlyError(text, errorText, { syntaxes: ALL });

/** A JSON value nested `depth` levels deep: arrays around an object. */
function nested(depth: number): string {
  return `${'['.repeat(depth - 1)}{}${']'.repeat(depth - 1)}`;
}

describe('JSON nesting limit', () => {
  it(`the JSON syntax: ${MAX_JSON_DEPTH} levels are fine, deeper is an error with line and column`, () => {
    // The call object and its `args` object are two levels.
    const ok = onlyTool(`{"name":"x","args":{"a":${nested(MAX_JSON_DEPTH - 2)}}}`);
    expect(ok.state).toBe('input-available');
    const deep = `{"name":"x","args":{"a":${nested(MAX_JSON_DEPTH - 1)}}}`;
    expectError(deep, /^invalid JSON at line 1, column 123: objects and arrays nested deeper than 100 levels$/);
  });

  it('the JSON syntax: a megabyte of open brackets is an error, read once, streamed or whole', () => {
    const text = `{"name":"x","args":${'['.repeat(1 << 20)}`;
    const tool = expectError(text, /objects and arrays nested deeper than 100 levels/);
    expect(tool).toMatchObject({ toolName: 'x', closed: false });
    expect(streamPieces(text.match(/[^]{1,4096}/g)!, { syntaxes: ALL }).chunks).toEqual([tool]);
  });

  it('JSON-string arguments nested too deep are an error', () => {
    const args = JSON.stringify(nested(MAX_JSON_DEPTH + 1));
    expectError(`{"name":"x","arguments":${args}}`, /^the "arguments" string is not valid JSON: the JSON value is nested deeper than 100 levels$/);
  });

  it('sentinel: a deep header, deep arguments and a deep body are errors', () => {
    const header = expectError(`[[SEG_START {"type":"tool","tool_name":"t","arguments":{"a":${nested(MAX_JSON_DEPTH)}}}]][[SEG_END]]`, /^the header JSON is nested deeper than 100 levels$/);
    expect(header).toMatchObject({ toolName: 'tool', input: {} });
    expectError(
      `[[SEG_START {"type":"tool","arguments":${JSON.stringify(JSON.stringify({ a: JSON.parse(nested(MAX_JSON_DEPTH)) }))}}]][[SEG_END]]`,
      /^the "arguments" string is not valid JSON: the JSON value is nested deeper than 100 levels$/,
    );
    expectError(`[[SEG_START {"type":"tool"}]]{"a":${nested(MAX_JSON_DEPTH)}}[[SEG_END]]`, /^the body is not valid JSON arguments: the JSON value is nested deeper than 100 levels$/);
    expect(onlyTool(`[[SEG_START {"type":"tool"}]]{"a":${nested(MAX_JSON_DEPTH - 1)}}[[SEG_END]]`).state).toBe('input-available');
  });

  it('XML: a deep type="json" value and a deep JSON body are errors', () => {
    expectError(`<tool name="x"><arg name="a" type="json">${nested(MAX_JSON_DEPTH + 1)}</arg></tool>`, /^the value of <arg name="a"> at line 1, column 16 is not valid JSON: the JSON value is nested deeper than 100 levels$/);
    expectError(`<tool name="x">{"a":${nested(MAX_JSON_DEPTH)}}</tool>`, /^the body at line 1, column 16 is not valid JSON arguments: the JSON value is nested deeper than 100 levels$/);
  });
});

describe('XML nesting limit', () => {
  it(`elements nested ${MAX_XML_DEPTH} deep are fine, deeper is an error naming the element`, () => {
    const ok = onlyTool(`<tool name="x">${'<a>'.repeat(MAX_XML_DEPTH)}v${'</a>'.repeat(MAX_XML_DEPTH)}</tool>`);
    expect(ok.state).toBe('input-available');
    expectError(`<tool name="x">${'<a>'.repeat(MAX_XML_DEPTH + 1)}v${'</a>'.repeat(MAX_XML_DEPTH + 1)}</tool>`, /^<a> at line 1, column 316 is nested deeper than 100 elements$/);
  });

  it('a megabyte of unclosed elements is one error, and the value stays shallow', () => {
    const tool = expectError(`<tool name="x">${'<a>'.repeat(350_000)}`, /is nested deeper than 100 elements/);
    expect(tool.closed).toBe(false);
  });
});

describe('JSON size limit', () => {
  it(`a JSON body over ${MAX_JSON_LENGTH} characters is an error that says so`, () => {
    const body = `{"a":"${'x'.repeat(MAX_JSON_LENGTH)}"}`;
    expectError(`[[SEG_START {"type":"tool"}]]${body}[[SEG_END]]`, new RegExp(`^the body is not valid JSON arguments: the JSON text is ${body.length} characters long, over the limit of ${MAX_JSON_LENGTH}$`));
  });
});
