import { Fragment, memo } from 'react';

/**
 * A value's text as one element per line, each carrying its indentation (`data-indent`, in
 * columns): a long line wraps at word boundaries and its continuation lines hang one level
 * deeper than the line starts, so a long JSON string stays under its key instead of running
 * back to the left edge. The text itself is unchanged (spaces and line breaks are in it), so
 * selecting and copying it gives the value as written.
 */
export function IndentedLines({ text }: { text: string }) {
  const lines = text.split('\n');
  // Memoized per line: a streaming value re-renders only the lines that changed (its last ones).
  // The line break stays text between the lines (not inside a box), so `innerText` and a copied
  // selection read exactly the value.
  // An empty last line (the text ends with a line break) is not drawn: as in plain text, the
  // final break ends the line before it rather than opening another.
  return lines.map((line, index) => (
    <Fragment key={index}>
      {line === '' && index === lines.length - 1 && index > 0 ? null : <Line text={line} />}
      {index < lines.length - 1 ? '\n' : null}
    </Fragment>
  ));
}

/** Characters up to which a value is drawn as lines with a hanging indent (16 Ki). */
export const INDENTED_LINES_CHARS = 16 * 1024;

/** Deepest indentation the theme hangs lines under (`data-indent` 1…32); deeper lines hang there. */
const MAX_INDENT = 32;

const Line = memo(function Line({ text }: { text: string }) {
  const indent = Math.min(indentColumns(text), MAX_INDENT);
  // An attribute the theme reads, not an inline style: pages with a strict CSP forbid `style=""`.
  return (
    <span className="tt-line" data-indent={indent === 0 ? undefined : indent}>
      {text}
    </span>
  );
});

/** Columns of a line's leading whitespace (a tab counts as the theme's `tab-size`, 4). */
function indentColumns(line: string): number {
  let columns = 0;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (char === ' ') columns += 1;
    else if (char === '\t') columns += 4;
    else break;
  }
  return columns;
}
