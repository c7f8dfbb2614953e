import type { ComponentType } from 'react';

/**
 * Props of a `proseComponent`: one top-level markdown block, and whether it is still being
 * written. The shape of Streamdown's `<Streamdown isAnimating>{markdown}</Streamdown>`, so its
 * component can be passed as it is.
 *
 * A type alias, not an interface, on purpose: object type aliases are assignable to index
 * signatures, which Streamdown's props have (`data-*` attributes), so `proseComponent={Streamdown}`
 * type-checks.
 */
export type ProseProps = {
  /** The markdown of one top-level block (half-written while `isAnimating`). */
  children: string;
  /** The block is still being written (streamed or revealed); false once it is final. */
  isAnimating: boolean;
};

/** A component that renders markdown prose in place of react-markdown (see `proseComponent`). */
export type ProseComponent = ComponentType<ProseProps>;
