import { useState, type ComponentProps } from 'react';
import { fillLabel, HUGE_CHARS, PREVIEW_CHARS, sectionOf } from '../../card/index.js';
import { useCard } from './card-context.js';
import { cx } from '../class-names.js';
import { LabelRow, ScrollingPre, Truncated, ValueView } from './value-blocks.js';

/** The input: text blocks for multi-line strings, JSON for the rest; live while it streams. */
export function ToolCallInput(props: ComponentProps<'div'>) {
  return <ValueSection {...props} which="input" />;
}

/** The output (when the call has one); nothing otherwise. */
export function ToolCallOutput(props: ComponentProps<'div'>) {
  return <ValueSection {...props} which="output" />;
}

/**
 * The section of the tool's input or output: its value under the part's label. The input is
 * shown as the model has it (`inputView`: an emoji call's empty body left out); before its first
 * key arrives, a streaming input shows a placeholder rather than `{}`.
 */
function ValueSection({ which, className, ...rest }: ComponentProps<'div'> & { which: 'input' | 'output' }) {
  const { tool, labels, model } = useCard();
  if (which === 'output' && !sectionOf(model, 'output')) return null;
  const pending = which === 'input' && model.awaitingInput;
  return (
    <div className={cx(`tt-tool-section tt-tool-${which}`, className)} data-slot={`tool-call-${which}`} data-status={tool.state} {...rest}>
      {pending ? (
        <>
          <LabelRow label={labels.input} />
          <p className="tt-tool-pending" data-slot="tool-call-input-pending">
            {labels.awaitingInput}
          </p>
        </>
      ) : (
        <ValueView
          value={which === 'input' ? model.inputView : tool.output}
          label={labels[which]}
          copyLabel={fillLabel(which === 'input' ? labels.copyInput : labels.copyOutput, { tool: model.name })}
        />
      )}
    </div>
  );
}

/**
 * The error (state `output-error`; an interrupted call says so); nothing in
 * other states. An error longer than {@link HUGE_CHARS} shows its first
 * {@link PREVIEW_CHARS} characters until "Show all" (copying copies it whole).
 */
export function ToolCallError({ className, ...rest }: ComponentProps<'div'>) {
  const { tool, labels, model } = useCard();
  const [showAll, setShowAll] = useState(false);
  const section = sectionOf(model, 'error');
  if (!section) return null;
  const huge = section.text.length > HUGE_CHARS && !showAll;
  return (
    <div className={cx('tt-tool-section tt-tool-error-section', className)} data-slot="tool-call-error" data-status={tool.state} {...rest}>
      <LabelRow label={section.label} copy={section.text} copyLabel={fillLabel(labels.copyError, { tool: model.name })} />
      <ScrollingPre className="tt-tool-error" label={fillLabel(labels.valueLabel, { part: section.label, tool: model.name })}>
        {huge ? section.text.slice(0, PREVIEW_CHARS) : section.text}
      </ScrollingPre>
      {huge ? <Truncated onShowAll={() => setShowAll(true)} /> : null}
    </div>
  );
}
