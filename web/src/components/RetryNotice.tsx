import { Notice } from './Notice';

interface RetryNoticeProps {
  readonly message: string;
  /** What went wrong, when the API said something useful. */
  readonly reason: string | null;
  readonly retryLabel: string;
  readonly onRetry: () => void;
  readonly className?: string;
}

/** A load that failed: what happened, and a button to try again. */
export function RetryNotice({ message, reason, retryLabel, onRetry, className }: RetryNoticeProps) {
  return (
    <div className={className}>
      <Notice tone="error">{reason === null ? message : `${message} ${reason}`}</Notice>
      <button type="button" className="button" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
