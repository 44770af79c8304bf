import { Notice } from '../../components/Notice';
import { adminContent as copy } from './admin-content';
import type { AdminData } from './use-admin-data';

interface LoadStatusProps {
  readonly state: AdminData<unknown>;
  readonly loadingLabel: string;
  readonly onRetry: () => void;
}

/** A section's list while it loads or after it failed; nothing once it is ready. */
export function LoadStatus({ state, loadingLabel, onRetry }: LoadStatusProps) {
  if (state.status === 'loading') {
    return (
      <p className="loading" role="status">
        {loadingLabel}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <>
        <Notice tone="error">{state.message}</Notice>
        <button className="button button--secondary" type="button" onClick={onRetry}>
          {copy.retry}
        </button>
      </>
    );
  }
  return null;
}
