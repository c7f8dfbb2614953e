/**
 * The remark entry speaks hast's own types (`@types/hast`, which remark-rehype and
 * rehype-stringify use), not look-alikes: what it returns goes into a hast tree as is. The type
 * checks run under `tsc --noEmit` (test files are type-checked); the runtime half checks the trees
 * are what those types promise.
 */
import type { Element, ElementContent } from 'hast';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { toolCallHandler } from '../../src/remark/index.js';
import { createToolCallHandler, toolCallToHast } from '../../src/remark/hast.js';
import { reasoningToHast } from '../../src/remark/reasoning.js';
import { toolCallFromChunk } from '../../src/remark/node.js';
import { toolInState } from '../support/tool-in-state.js';

describe('hast types', () => {
  it('every hast builder returns a hast Element', () => {
    expectTypeOf(toolCallToHast).returns.toEqualTypeOf<Element>();
    expectTypeOf(toolCallHandler).returns.toEqualTypeOf<Element>();
    expectTypeOf(createToolCallHandler({})).returns.toEqualTypeOf<Element>();
    expectTypeOf(reasoningToHast).returns.toEqualTypeOf<Element>();
  });

  it('the trees hold only elements and text, with no undefined property left in', () => {
    const walk = (node: ElementContent): void => {
      if (node.type === 'text') return;
      expect(node.type).toBe('element');
      if (node.type !== 'element') return;
      for (const [name, value] of Object.entries(node.properties)) expect(value, name).not.toBeUndefined();
      node.children.forEach(walk);
    };
    walk(toolCallToHast(toolCallFromChunk(toolInState('approval-requested'))));
    walk(reasoningToHast({ type: 'reasoning', value: 'think', closed: false }));
  });
});
