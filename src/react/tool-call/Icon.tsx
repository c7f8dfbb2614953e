import { createElement } from 'react';
import { ICON_SVG_ATTRIBUTES, type IconShape } from '../../card/index.js';
import { cx } from '../class-names.js';

/** React props of an SVG attribute name (`stroke-width` → `strokeWidth`). */
function reactProps(attributes: Readonly<Record<string, string>>): Record<string, string> {
  const props: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    props[name.startsWith('aria-') ? name : name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return props;
}

const SVG_PROPS = reactProps(ICON_SVG_ATTRIBUTES);

/** One of the card's icons (decorative, hidden from assistive technology); every one has class `tt-tool-icon`. */
export function Icon({ shapes, className, name }: { shapes: readonly IconShape[]; className?: string; name?: string }) {
  return (
    <svg {...SVG_PROPS} className={cx('tt-tool-icon', className)} data-icon={name}>
      {shapes.map((shape, index) => createElement(shape.tag, { key: index, ...reactProps(shape.attributes) }))}
    </svg>
  );
}
