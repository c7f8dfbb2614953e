import { useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { displayValue, displayValuePreview, fillLabel, formatValue, HUGE_CHARS, PREVIEW_CHARS, type ValueBlock } from '../../card/index.js';
import { useCard } from './card-context.js';
import { CopyButton } from './CopyButton.js';
import { IndentedLines, INDENTED_LINES_CHARS } from './indented-lines.js';

/*
 * How a card draws a value: a label row with a copy button, then the value's blocks in scrolling
 * `<pre>`s, cut at PREVIEW_CHARS past HUGE_CHARS until "Show all".
 */

/** Says a value shows only its start, with a button for the rest. */
export function Truncated({ onShowAll }: { onShowAll: () => void }) {
  const { labels } = useCard();
  return (
    <p className="tt-tool-truncated" data-slot="tool-call-truncated">
      {fillLabel(labels.truncated, { shown: formatCount(PREVIEW_CHARS), total: formatCount(HUGE_CHARS) })}{' '}
      <button type="button" className="tt-tool-show-all" data-slot="tool-call-show-all" onClick={onShowAll}>
        {labels.showAll}
      </button>
    </p>
  );
}


interface ValueViewProps {
  value: unknown;
  /** The section's label (Input, Output). */
  label: string;
  /** Accessible name of the section's copy button. */
  copyLabel: string;
}

/**
 * A value as blocks (see `displayValue`): a label row with a copy button, then
 * each block — a field's text block under its key, with its own copy button.
 * A value longer than {@link HUGE_CHARS} shows the first {@link PREVIEW_CHARS}
 * characters of each long block and a "Show all" button: it is formatted only
 * that far on each change (so a huge body streaming in costs the same per
 * delta as a small one), and in full when asked for or copied.
 */
export function ValueView({ value, label, copyLabel }: ValueViewProps) {
  const { labels, model } = useCard();
  const [showAll, setShowAll] = useState(false);
  // Memoized on the value: the parser keeps the input object while a streaming body is not reparsed.
  const blocks = useMemo(() => (showAll ? displayValue(value) : displayValuePreview(value, HUGE_CHARS)), [value, showAll]);
  const truncated = blocks.some((block) => !block.complete);
  return (
    <>
      <LabelRow label={label} copy={truncated || blocks.length !== 1 ? () => formatValue(value) : blocks[0]!.text} copyLabel={copyLabel} />
      {blocks.map((block) =>
        block.field === undefined ? (
          <Block key="" block={block} part={label} />
        ) : (
          <div key={block.field} className="tt-tool-field" data-slot="tool-call-field">
            <LabelRow
              field
              label={block.field}
              copy={() => formatValue(block.source)}
              copyLabel={fillLabel(labels.copyField, { field: block.field, tool: model.name })}
            />
            <Block block={block} part={`${label}: ${block.field}`} />
          </div>
        ),
      )}
      {truncated ? <Truncated onShowAll={() => setShowAll(true)} /> : null}
    </>
  );
}

/** A section's (or a field's) label, and a button that copies what it labels (none while there is nothing to copy). */
export function LabelRow({ label, copy, copyLabel = '', field = false }: { label: string; copy?: ComponentProps<typeof CopyButton>['text']; copyLabel?: string; field?: boolean }) {
  const kind = field ? 'field' : 'section';
  return (
    <div className={`tt-tool-${kind}-header`}>
      <span className={`tt-tool-${kind}-label`}>{label}</span>
      {copy === undefined ? null : <CopyButton text={copy} label={copyLabel} />}
    </div>
  );
}

/**
 * One block in a scrolling `<pre>`, highlighted when a highlighter is set, else as lines that
 * wrap under their own indentation (see {@link IndentedLines}).
 */
function Block({ block, part }: { block: ValueBlock; part: string }) {
  const { highlight, model, labels } = useCard();
  const shown = block.complete ? block.text : block.text.slice(0, PREVIEW_CHARS);
  const highlighted = useMemo(
    // Past INDENTED_LINES_CHARS a value stays one text node (it still wraps at word boundaries,
    // without the hanging indent): an element per line costs layout (measured in Chromium, a 60 KB
    // value of 1,112 lines: 72 ms to mount and 20 ms per delta, against 10 and 8 as one node).
    () => (highlight ? highlight(shown, block.language) : undefined) ?? (shown.length > INDENTED_LINES_CHARS ? shown : <IndentedLines text={shown} />),
    [highlight, shown, block.language],
  );
  return (
    <ScrollingPre
      className="tt-tool-code"
      label={fillLabel(labels.valueLabel, { part, tool: model.name })}
      kind={block.kind}
      language={block.language}
    >
      {highlighted}
    </ScrollingPre>
  );
}


/**
 * A `<pre>` that scrolls when its text is long (the theme caps its height), so
 * it takes keyboard focus and has a name: keyboard users can scroll it.
 */
export function ScrollingPre({ className, label, kind, language, children }: { className: string; label: string; kind?: string; language?: string; children: ReactNode }) {
  return (
    <pre className={className} tabIndex={0} role="group" aria-label={label} data-kind={kind} data-language={language}>
      <code className={language ? `language-${language}` : undefined}>{children}</code>
    </pre>
  );
}


/** `1234567` → `1,234,567` (the same on the server and the client, whatever their locale). */
function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
