/**
 * The kit native tool-call formats are described with: a marked block whose opener is decided
 * as it arrives ({@link defineMarkedSyntax}), ends found across deltas ({@link closeAt},
 * {@link jsonValueEnd}), tag-shaped bodies ({@link elements}) and template-style JSON
 * ({@link pythonJson}), JSON arguments between special tokens ({@link withJsonArguments},
 * {@link specialTokens}). A format is a {@link MarkedSyntaxSpec}: its openers, a `read` from body
 * text to calls, `format` and `describe`.
 */
export { defineMarkedSyntax, type MarkedBlock, type MarkedOpener, type MarkedSyntaxSpec } from './define.js';
export { closeAt, jsonValueEnd, asciiLower, type EndReader, type EndReaderFactory } from './ends.js';
export { attribute, between, elements, skipBlanks, startsWithLiteral, trimLineBreaks, withoutStartOf, type Element } from './elements.js';
export { jsonString, plainJson, pythonJson } from './python-json.js';
export { writtenValues, type WrittenValues } from './written.js';
export { specialTokens, withJsonArguments } from './json-arguments.js';
export { invokeFollows, invokeIdentity, readInvokes, writeInvoke, type InvokeTags } from './invoke-body.js';
export {
  beginsPythonicCall,
  formatPythonicCall,
  pythonicCallName,
  pythonicListEnd,
  pythonRepr,
  pythonString,
  readPythonicBlock,
  readPythonicCalls,
  type PythonicReadOptions,
} from './pythonic.js';
export { readJsonBody } from './json-body.js';
