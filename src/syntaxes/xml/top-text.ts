import type { WorkMeter } from '../../types.js';
import { isRecord } from '../../object.js';
import { parseJson } from '../shared/json.js';
import { excerpt, firstNonBlank, where } from './messages.js';
import type { Position } from './tokenizer.js';

/**
 * Text of a `<tool>` block outside any element: JSON arguments when it is all the body holds
 * (`<tool name="N">{"k": 1}</tool>`), else a mistake reported where its first non-blank unit is.
 */
export class TopText {
  private text = '';
  private at: Position | undefined;

  /** Text starting at `at`; `afterCR`: the unit before it was `\r`. */
  add(raw: string, at: Position, afterCR: boolean): void {
    if (this.at === undefined && raw.trim() !== '') this.at = firstNonBlank(raw, at, afterCR);
    this.text += raw;
  }

  /** A CDATA section's content, the section starting at `at`. */
  addCdata(content: string, at: Position): void {
    this.at ??= at;
    this.text += content;
  }

  /**
   * What the text makes of the block's input: nothing when blank, the arguments when it is a JSON
   * object and `sawElement` is not set, else the problem.
   */
  read(sawElement: boolean, work: WorkMeter | undefined): { input: Record<string, unknown> } | { error: string } | undefined {
    const text = this.text.trim();
    if (text === '') return undefined;
    const at = where(this.at!);
    if (sawElement || !text.startsWith('{')) {
      return { error: `text ${excerpt(text)} outside an element at ${at}: expected <arg name="…">, <param:…> or <name> elements` };
    }
    const parsed = parseJson(text, work);
    if (!parsed.ok) return { error: `the body at ${at} is not valid JSON arguments: ${parsed.message}` };
    if (isRecord(parsed.value)) return { input: parsed.value };
    return { error: `the JSON body at ${at} must be an object of arguments` };
  }
}
