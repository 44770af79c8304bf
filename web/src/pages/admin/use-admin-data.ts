import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/api-client';
import { adminContent as copy } from './admin-content';

/** Why the admin area stops showing anything: an ended session (401) or a non-admin (403). */
export type Denial = 'session-ended' | 'forbidden';

/** What every section needs: the token for its calls and where to report a refusal. */
export interface AdminSession {
  readonly token: string;
  /** Must keep its identity across renders: the sections' loads depend on it. */
  readonly deny: (denial: Denial) => void;
}

export function denialOf(error: unknown): Denial | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 401) return 'session-ended';
  if (error.status === 403) return 'forbidden';
  return null;
}

export function failureText(error: unknown): string {
  return error instanceof ApiError ? error.message : copy.loadFailed;
}

/**
 * Reports a refusal to the page and answers true, or answers false for any other failure, which
 * the section shows itself.
 */
export function reportDenial(session: AdminSession, error: unknown): boolean {
  const denial = denialOf(error);
  if (denial === null) return false;
  session.deny(denial);
  return true;
}

export type AdminData<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'failed'; readonly message: string }
  | { readonly status: 'ready'; readonly data: T };

type Load<T> = (signal: AbortSignal) => Promise<T>;

interface Result<T> {
  readonly load: Load<T>;
  readonly attempt: number;
  readonly outcome: Exclude<AdminData<T>, { status: 'loading' }>;
}

/**
 * Loads what a section lists, again whenever `load` changes (new filters or page) and after
 * `retry`. Each outcome remembers the load and attempt it answers, so a stale one reads as
 * loading without resetting state from the effect. `update` edits the list in place after an
 * action; `refresh` reloads it without the loading line, for lists that change by themselves.
 */
export function useAdminData<T>(
  session: AdminSession,
  load: Load<T>,
): {
  state: AdminData<T>;
  retry: () => void;
  update: (change: (data: T) => T) => void;
  refresh: () => void;
} {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result<T> | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        setResult({ load, attempt, outcome: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (controller.signal.aborted || reportDenial(session, error)) return;
        setResult({ load, attempt, outcome: { status: 'failed', message: failureText(error) } });
      },
    );
    return () => {
      controller.abort();
    };
  }, [load, attempt, session]);

  const retry = useCallback(() => {
    setAttempt((count) => count + 1);
  }, []);

  const update = useCallback((change: (data: T) => T) => {
    setResult((current) =>
      current?.outcome.status === 'ready'
        ? { ...current, outcome: { status: 'ready', data: change(current.outcome.data) } }
        : current,
    );
  }, []);

  const refresh = useCallback(() => {
    load(new AbortController().signal).then(
      (data) => {
        setResult((current) =>
          current?.load === load ? { ...current, outcome: { status: 'ready', data } } : current,
        );
      },
      (error: unknown) => {
        // Anything but a refusal is left to the next refresh: the list on screen stays useful.
        reportDenial(session, error);
      },
    );
  }, [load, session]);

  const state: AdminData<T> =
    result !== null && result.load === load && result.attempt === attempt
      ? result.outcome
      : { status: 'loading' };
  return { state, retry, update, refresh };
}

/** What a section last said about an operator's action, if anything. */
export type AdminMessage = {
  readonly tone: 'success' | 'error' | 'info';
  readonly text: string;
} | null;
