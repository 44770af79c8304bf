import { notifyManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** A failure of the network or the server may pass; two more tries, then the screen says so. */
const MAX_RETRIES = 2;

/**
 * A 4xx is the API's answer about this request (a bad link, an ended session, a refusal): asking
 * again gets the same answer and only delays the message, so it is never retried.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

// A change (a request under way, its answer) reaches the screens on the next microtask instead of
// the next timer: a button is disabled before the browser handles another click.
notifyManager.setScheduler(queueMicrotask);

/**
 * The site's one cache of server state. Nothing is read again on a window's focus: the screens
 * that must follow the server (a payment landing, a campaign going out) poll for it themselves.
 * Changes are never retried by themselves: a second POST could book or charge twice.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: shouldRetry },
    mutations: { retry: false },
  },
});
