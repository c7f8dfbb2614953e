import { useState, type ComponentProps } from 'react';
import { sectionOf, splitLabel, type ToolCardApproval } from '../../card/index.js';
import { useToolActions } from '../tool-actions.js';
import { useCard } from './card-context.js';
import { cx } from '../class-names.js';

/**
 * The approval of a call that needs a person's consent:
 *
 * - `approval-requested`: Approve and Deny buttons calling
 *   `onToolApprovalResponse({ id: approval.id, approved })`; without a callback
 *   (or an `approval.id`) it says the call waits for approval. Once pressed,
 *   both buttons are disabled until the tool changes state.
 * - `approval-responded`, `output-denied` (and any call that records an
 *   answer): the answer (Approved / Denied) and its reason.
 *
 * Nothing otherwise.
 */
export function ToolCallApproval({ className, ...rest }: ComponentProps<'div'>) {
  const { tool, model } = useCard();
  const section = sectionOf(model, 'approval');
  if (!section) return null;
  const { approval } = section;
  return (
    <div
      className={cx('tt-tool-section tt-tool-approval', className)}
      data-slot="tool-call-approval"
      data-status={tool.state}
      data-approved={approval.kind === 'answer' && approval.verdict !== 'answered' ? String(approval.verdict === 'approved') : undefined}
      {...rest}
    >
      {approval.kind === 'request' ? <ApprovalRequest id={approval.id} /> : <ApprovalAnswer approval={approval} />}
    </div>
  );
}

function ApprovalRequest({ id }: { id: string | undefined }) {
  const { model, labels } = useCard();
  const { onToolApprovalResponse } = useToolActions();
  // Answered here: the buttons stay disabled until the host moves the tool on (a new approval id re-enables them).
  const [answeredId, setAnsweredId] = useState<string | undefined>(undefined);
  const canAnswer = onToolApprovalResponse !== undefined && id !== undefined && id !== '';
  const answer = (approved: boolean) => {
    if (!canAnswer || answeredId === id) return;
    setAnsweredId(id);
    void onToolApprovalResponse({ id, approved });
  };
  const [before, after] = splitLabel(labels.approvalQuestion, 'tool');
  return (
    <>
      <p className="tt-tool-approval-text" data-slot="tool-call-approval-text">
        {canAnswer ? (
          after === undefined ? (
            before
          ) : (
            <>
              {before}
              <code>{model.name}</code>
              {after}
            </>
          )
        ) : (
          labels.waitingForApproval
        )}
      </p>
      {canAnswer ? (
        <div className="tt-tool-approval-actions" data-slot="tool-call-approval-actions">
          <button type="button" className="tt-tool-button" data-variant="secondary" disabled={answeredId === id} onClick={() => answer(false)}>
            {labels.deny}
          </button>
          <button type="button" className="tt-tool-button" data-variant="primary" disabled={answeredId === id} onClick={() => answer(true)}>
            {labels.approve}
          </button>
        </div>
      ) : null}
    </>
  );
}

function ApprovalAnswer({ approval }: { approval: Extract<ToolCardApproval, { kind: 'answer' }> }) {
  const { labels } = useCard();
  return (
    <p className="tt-tool-approval-text" data-slot="tool-call-approval-answer">
      <strong>{labels[approval.verdict]}</strong>
      {approval.reason ? (
        <>
          {': '}
          <span data-slot="tool-call-approval-reason">{approval.reason}</span>
        </>
      ) : approval.final ? (
        ` — ${labels.notRun}`
      ) : null}
    </p>
  );
}
