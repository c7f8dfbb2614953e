import type { BlockIdentity, ParsedCall } from '../../types.js';
import { skipBlanks, startsWithLiteral } from '../kit/elements.js';

/** MiniMax-M3's namespace token: written before every tag of a tool-call block. */
export const NS = ']<]minimax[>[';

/** An element being read: its tag, its text, and its children once it has any. */
interface Frame {
  readonly tag: string;
  text: string;
  children: Array<[string, unknown]> | undefined;
}

/**
 * The calls of a MiniMax-M3 body: `NS<invoke name="N">`, then parameters as elements named after
 * them (`NS<city>Paris NS</city>`), nested for objects (`NS<shipping>NS<zip>1NS</zip>NS</shipping>`),
 * `NS<item>` children for a list, `NS</invoke>`. As vLLM's reader: a leaf is its text, a repeated
 * tag collects its values in a list, text beside children is kept under `$text`; values are text
 * until a tool's schema types them. Unlike vLLM, `<item>` children make a list without a schema
 * too (the template writes every list that way). Linear: the body is split once.
 */
export function readM3(body: string, partial: boolean, closed: boolean): ParsedCall[] {
  const calls: ParsedCall[] = [];
  let stack: Frame[] | undefined;
  let call: ParsedCall | undefined;
  const finish = (ended: boolean) => {
    if (!stack || !call) return;
    while (stack.length > 1) pop(stack);
    call.input = stack[0]!.children ? value(stack[0]!, true) : {};
    if (!partial && !call.toolName) Object.assign(call, { invalid: true, errorText: 'a MiniMax-M3 <invoke> has no name' });
    else if (!ended && closed && !partial) Object.assign(call, { invalid: true, errorText: `<invoke name="${call.toolName}"> is not closed before the block ends` });
    stack = undefined;
  };
  const pieces = body.split(NS);
  for (let i = 1; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (piece.startsWith('<invoke')) {
      finish(false);
      const name = /^<invoke\s+name="([^"]*)">/.exec(piece)?.[1];
      call = { input: {} };
      if (name) call.toolName = name;
      calls.push(call);
      stack = [{ tag: '', text: '', children: [] }];
    } else if (piece.startsWith('</invoke>')) finish(true);
    else if (stack) step(stack, piece);
  }
  finish(false);
  return calls;
}

/** Elements nested deeper than this are read as text (JSON values deeper than 100 levels are refused elsewhere). */
const MAX_DEPTH = 64;

/** One piece between namespace tokens inside an invoke: an opening tag, a closing tag, or text. */
function step(stack: Frame[], piece: string): void {
  const gt = piece.indexOf('>');
  const top = stack[stack.length - 1]!;
  if (piece.startsWith('</') && gt > 0) {
    const tag = piece.slice(2, gt);
    // Close up to the matching tag (one left open inside it is closed with it); a stray closer is dropped.
    if (open(stack).has(tag)) while (stack.length > 1 && pop(stack) !== tag);
    stack[stack.length - 1]!.text += piece.slice(gt + 1);
  } else if (piece.startsWith('<') && gt > 1 && stack.length <= MAX_DEPTH) {
    stack.push({ tag: piece.slice(1, gt), text: piece.slice(gt + 1), children: undefined });
    open(stack).add(piece.slice(1, gt));
  } else if (!piece.startsWith('<') || stack.length > MAX_DEPTH) top.text += piece;
}

/** The tags open on `stack` (a multiset kept beside it, so a closer is matched without a walk). */
const openTags = new WeakMap<Frame[], Map<string, number>>();
function open(stack: Frame[]) {
  let counts = openTags.get(stack);
  if (!counts) openTags.set(stack, (counts = new Map()));
  return {
    has: (tag: string) => (counts.get(tag) ?? 0) > 0,
    add: (tag: string) => void counts.set(tag, (counts.get(tag) ?? 0) + 1),
    remove: (tag: string) => void counts.set(tag, (counts.get(tag) ?? 1) - 1),
  };
}

/** Closes the innermost element into its parent; its tag. */
function pop(stack: Frame[]): string {
  const frame = stack.pop()!;
  open(stack).remove(frame.tag);
  (stack[stack.length - 1]!.children ??= []).push([frame.tag, value(frame)]);
  return frame.tag;
}

/** An element's value: its text, its `<item>` children as a list, or its children as an object (a repeated tag: a list). */
function value(frame: Frame, root = false): unknown {
  const children = frame.children;
  if (children === undefined) return frame.text;
  if (!root && children[0]?.[0] === 'item') return children.map(([, item]) => item);
  const byTag = new Map<string, unknown[]>();
  for (const [tag, item] of children) {
    const list = byTag.get(tag);
    if (list) list.push(item);
    else byTag.set(tag, [item]);
  }
  // `Object.fromEntries` defines own properties, so a `__proto__` tag stays a key.
  const object: Record<string, unknown> = Object.fromEntries([...byTag].map(([tag, list]) => [tag, list.length === 1 ? list[0] : list]));
  if (!root && frame.text.trim() !== '') object['$text'] = frame.text;
  return object;
}

/** The first invoke's name once its tag is complete. */
export function m3Identity(body: string): BlockIdentity | undefined {
  const at = body.indexOf(`${NS}<invoke`);
  if (at < 0) return undefined;
  const name = /^<invoke\s+name="([^"]*)">/.exec(body.slice(at + NS.length, at + NS.length + 300))?.[1];
  return name ? { toolName: name } : undefined;
}

/** The M3 block opens when its first invoke follows (blanks allowed). */
export function m3Follows(after: string): boolean | undefined {
  return startsWithLiteral(skipBlanks(after), `${NS}<invoke `);
}
