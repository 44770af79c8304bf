import { useId } from 'react';

interface ConfirmQuestionProps {
  readonly question: string;
  readonly yes: string;
  readonly no: string;
  /** The yes button in the danger style: what it does cannot be taken back. */
  readonly danger?: boolean;
  readonly busy: boolean;
  readonly onYes: () => void;
  readonly onNo: () => void;
}

/**
 * An action asked once more, in place of the control that started it. Focus goes to the safe
 * answer: the control that had it has just vanished, and Enter must not confirm by accident.
 */
export function ConfirmQuestion({
  question,
  yes,
  no,
  danger,
  busy,
  onYes,
  onNo,
}: ConfirmQuestionProps) {
  const questionId = useId();
  return (
    <div className="admin-status-control" role="group" aria-labelledby={questionId}>
      <p id={questionId} className="admin-status-control__question">
        {question}
      </p>
      <button
        type="button"
        className={danger ? 'button button--danger' : 'button'}
        disabled={busy}
        onClick={onYes}
      >
        {yes}
      </button>
      <button
        autoFocus
        type="button"
        className="button button--secondary"
        disabled={busy}
        onClick={onNo}
      >
        {no}
      </button>
    </div>
  );
}
