import type { OpenerReader, OpenerVerdict, WorkMeter } from '../../types.js';
import { XmlRawBlock } from './raw-block.js';
import { TagReader, TagStep } from './tag.js';
import { XmlToolBlock } from './tool-block.js';

/**
 * Default longest opener tag, in UTF-16 code units, before a `<tool …` that
 * never reaches its `>` is given up as text.
 */
export const DEFAULT_MAX_OPENER_LENGTH = 4096;

/** Tag names that open a block, lower case (`tool:NAME` is matched by its prefix). */
const TAGS = ['tool', 'write_file', 'run_bash'] as const;
const PARAM_PREFIX = 'tool:';

/** Attributes that are the call id, not input or fields. */
const ID_ATTRIBUTE = 'id';

/**
 * Reads an opener tag: `<tool name="N" …>`, `<tool:N …>`, `<write_file path="…" …>`
 * or `<run_bash …>`, tag names in any case, attribute values quoted. The
 * opener is complete at its `>` (or `/>`: a block with no body). A name that
 * is not one of these (`<toolbox>`, `<b>`), a `<tool>` without a name, a
 * `<write_file>` without a path, a line break or an opener longer than
 * `maxLength` leave the text as it is.
 */
export class XmlOpener implements OpenerReader {
  private index = 0;
  private readonly tag = new TagReader(false);
  /** The name is `tool:` and at least one unit of NAME (the fixed signature is behind). */
  private paramName = false;

  constructor(
    private readonly maxLength: number,
    private readonly work?: WorkMeter,
  ) {}

  push(unit: string): OpenerVerdict {
    const index = this.index++;
    if (index === 0) return undefined;
    const tag = this.tag;
    // Inside the fixed signature a mismatch rescans from the next unit; past it, from the offending one.
    const inSignature = !tag.nameComplete && !this.paramName;
    if (index >= this.maxLength) return inSignature ? 1 : index;
    const step = tag.push(unit);
    if (step === TagStep.Fail) return inSignature ? 1 : index;
    if (tag.kind !== 'open') return 1;
    if (!tag.nameComplete) return this.nameUnit(unit, index);
    if (inSignature && !isOpenerName(tag.name.toLowerCase())) return 1;
    if (step === TagStep.More) return undefined;
    return this.accept(index);
  }

  /** One more unit of the tag name: it must still be able to become an opener's name. */
  private nameUnit(unit: string, index: number): OpenerVerdict {
    const name = this.tag.name;
    if (this.paramName) return unit === ':' ? index : undefined;
    if (name.length > PARAM_PREFIX.length && name.slice(0, PARAM_PREFIX.length).toLowerCase() === PARAM_PREFIX) {
      this.paramName = unit !== ':';
      return this.paramName ? undefined : 1;
    }
    return signaturePossible(name.toLowerCase()) ? undefined : 1;
  }

  end(): OpenerVerdict {
    // An opener cut off by the end is text as a whole: rescanning it could be quadratic.
    return this.tag.nameComplete || this.paramName ? this.index : 1;
  }

  /** The tag is complete: a block, or text when a required attribute is missing. */
  private accept(index: number): OpenerVerdict {
    const tag = this.tag;
    const lower = tag.name.toLowerCase();
    const toolCallId = tag.attr(ID_ATTRIBUTE);
    const attrs = tag.attrs.filter(([key]) => key.toLowerCase() !== ID_ATTRIBUTE);
    if (lower === 'write_file' || lower === 'run_bash') {
      if (lower === 'write_file' && tag.attr('path') === undefined) return index + 1;
      return { block: new XmlRawBlock(lower, attrs, toolCallId), complete: tag.selfClosing };
    }
    // `<tool name="N">` (its other attributes are fields), or `<tool:N>`.
    const toolName = lower === 'tool' ? tag.attr('name') : tag.name.slice(PARAM_PREFIX.length);
    if (!toolName) return index + 1;
    const fields = lower === 'tool' ? attrs.filter(([key]) => key.toLowerCase() !== 'name') : attrs;
    const block = new XmlToolBlock({ toolName, toolCallId, closer: lower, fields, openerLength: index + 1 }, this.work);
    return { block, complete: tag.selfClosing };
  }
}

/** Whether a tag name read so far can still become an opener's name. */
function signaturePossible(lower: string): boolean {
  return TAGS.some((name) => name.startsWith(lower)) || PARAM_PREFIX.startsWith(lower);
}

/** Whether a complete tag name is an opener's: `tool`, `tool:NAME`, `write_file`, `run_bash`. */
function isOpenerName(lower: string): boolean {
  if (lower.startsWith(PARAM_PREFIX)) return lower.length > PARAM_PREFIX.length;
  return (TAGS as readonly string[]).includes(lower);
}
