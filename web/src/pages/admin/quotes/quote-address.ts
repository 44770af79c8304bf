import type { AdminMessage } from '../use-admin-data';

/**
 * Where a quote is in the console: the Quotes tab keeps the open quote in ?quote=, so a reload,
 * a shared link and Back all work. Light on purpose: the Bookings tab links here too.
 */
export function quoteSearch(quoteId: string | null): string {
  const params = new URLSearchParams({ tab: 'quotes' });
  if (quoteId !== null) params.set('quote', quoteId);
  return `?${params.toString()}`;
}

/** What a screen that opens a quote may hand its page to say first (the router's state). */
export interface QuoteNavigationState {
  readonly notice: string;
  readonly tone: 'success' | 'info' | 'error';
}

/** The message in the router's state, if it is one (the state may be anything, or stale). */
export function noticeOf(state: unknown): AdminMessage {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  const { notice } = state;
  if (typeof notice !== 'string') return null;
  const tone =
    'tone' in state && (state.tone === 'success' || state.tone === 'error') ? state.tone : 'info';
  return { tone, text: notice };
}
