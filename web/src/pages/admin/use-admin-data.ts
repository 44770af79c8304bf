import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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

/** Reads a list again every `everyMs` for as long as `while` says it is changing by itself. */
export interface Polling<T> {
  readonly everyMs: number;
  readonly while: (data: T) => boolean;
}

/**
 * What a section lists, read under `queryKey` (from api/query-keys.ts): a new key (new filters or
 * page) reads anew, and `retry` asks again after a failure. `update` edits the cached list after
 * an action; `refresh` reads it again without the loading line, for lists that change by
 * themselves, and a failed refresh leaves the list on screen. A 401 or 403 goes to the console.
 */
export function useAdminData<T>(
  session: AdminSession,
  queryKey: QueryKey,
  load: Load<T>,
  polling?: Polling<T>,
): {
  state: AdminData<T>;
  retry: () => void;
  update: (change: (data: T) => T) => void;
  refresh: () => void;
} {
  const client = useQueryClient();
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => load(signal),
    ...(polling
      ? {
          refetchInterval: ({ state }: { state: { data: T | undefined } }) =>
            state.data !== undefined && polling.while(state.data) ? polling.everyMs : false,
        }
      : {}),
  });
  const denial = query.isError ? denialOf(query.error) : null;

  useEffect(() => {
    if (denial !== null) session.deny(denial);
  }, [denial, session]);

  const { refetch } = query;
  const retry = () => {
    void refetch();
  };
  const update = (change: (data: T) => T) => {
    client.setQueryData<T>(queryKey, (data) => (data === undefined ? data : change(data)));
  };
  const refresh = () => {
    void client.invalidateQueries({ queryKey, exact: true });
  };

  const state: AdminData<T> =
    query.data !== undefined
      ? { status: 'ready', data: query.data }
      : query.isError && !query.isFetching && denial === null
        ? { status: 'failed', message: failureText(query.error) }
        : // A refusal stays loading here: the console replaces the whole area with why.
          { status: 'loading' };
  return { state, retry, update, refresh };
}

/** What a section last said about an operator's action, if anything. */
export type AdminMessage = {
  readonly tone: 'success' | 'error' | 'info';
  readonly text: string;
} | null;
