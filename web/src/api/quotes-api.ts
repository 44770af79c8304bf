import type { CustomerQuote, MyQuote } from '@hs/api/domain/quote/quote-schema';
import { type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import type { AccountQuery } from './account-api';
import { ApiError, apiRequest } from './api-client';

/**
 * A quote for custom work, read and answered by its customer through the signed link of the
 * email it was sent with (`/quotes/<id>?token=`), and listed on the signed-in customer's
 * dashboard. Every amount is the server's: the totals with the optional items the customer
 * ticks are asked of the API (POST …/totals), never added up here.
 */

/** The totals of a quote as the API answers them (quoteTotalsSchema): whole cents. */
export type QuoteTotalsView = CustomerQuote['totals'];

/** The answer to an accept: the quote as it now stands, and the deposit's payment page if due. */
export interface AcceptQuoteAnswer {
  readonly message: string;
  readonly quote: CustomerQuote;
  readonly checkoutUrl: string | null;
}

/** The answer to a decline: the thanks, and the quote as it now stands. */
export interface DeclineQuoteAnswer {
  readonly message: string;
  readonly quote: CustomerQuote;
}

const LOAD_FAILED = 'Something went wrong!';

/**
 * The quotes' cache keys (query-keys.ts belongs to everyone; these are the quote's own). A quote
 * is keyed by the token that opens it; the account's list sits under the account's keys, so a
 * sign-out or another sign-in forgets it with the rest.
 */
export const quoteKeys = {
  every: () => ['quote'] as const,
  quote: (quoteId: string, token: string) => ['quote', quoteId, token] as const,
  /** The totals with `optionalItems` chosen: one answer per choice, in ascending order. */
  totals: (quoteId: string, token: string, optionalItems: readonly number[]) =>
    ['quote', quoteId, token, 'totals', [...optionalItems]] as const,
  mine: (login: string) => ['account', login, 'quotes'] as const,
};

const quotePath = (quoteId: string, action = '') =>
  `/api/quotes/${encodeURIComponent(quoteId)}${action}`;

const withToken = (path: string, token: string) =>
  `${path}?${new URLSearchParams({ token }).toString()}`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The optional items as the API takes them: each once, ascending (also the cache key's order). */
export function chosenItems(items: Iterable<number>): number[] {
  return [...new Set(items)].sort((a, b) => a - b);
}

/** GET /api/quotes/:id?token=: the quote as its customer reads it. */
export function fetchQuote(
  quoteId: string,
  token: string,
  signal?: AbortSignal,
): Promise<CustomerQuote> {
  return apiRequest<CustomerQuote>(withToken(quotePath(quoteId), token), { signal });
}

/** POST /api/quotes/:id/totals: the server's totals with the optional items chosen. */
export function fetchQuoteTotals(
  quoteId: string,
  token: string,
  optionalItems: readonly number[],
  signal?: AbortSignal,
): Promise<QuoteTotalsView> {
  return apiRequest<QuoteTotalsView>(quotePath(quoteId, '/totals'), {
    method: 'POST',
    body: { token, optionalItems: chosenItems(optionalItems) },
    signal,
  });
}

export interface AcceptQuoteRequest {
  readonly quoteId: string;
  readonly token: string;
  /** The customer's full name, typed as their acceptance. */
  readonly name: string;
  readonly optionalItems: readonly number[];
}

/** POST /api/quotes/:id/accept. A 409 says why the quote can no longer be accepted. */
export function acceptQuote({
  quoteId,
  token,
  name,
  optionalItems,
}: AcceptQuoteRequest): Promise<AcceptQuoteAnswer> {
  return apiRequest<AcceptQuoteAnswer>(quotePath(quoteId, '/accept'), {
    method: 'POST',
    body: { token, name, optionalItems: chosenItems(optionalItems) },
  });
}

export interface DeclineQuoteRequest {
  readonly quoteId: string;
  readonly token: string;
  /** Why, in the customer's words; may be empty. */
  readonly reason: string;
}

/** POST /api/quotes/:id/decline. */
export function declineQuote({
  quoteId,
  token,
  reason,
}: DeclineQuoteRequest): Promise<DeclineQuoteAnswer> {
  return apiRequest<DeclineQuoteAnswer>(quotePath(quoteId, '/decline'), {
    method: 'POST',
    body: { token, reason },
  });
}

/** The payment page of a POST that answers `{ checkoutUrl }`; anything else is a failure. */
async function checkoutOf(path: string, token: string): Promise<string> {
  const body = await apiRequest<unknown>(path, { method: 'POST', body: { token } });
  if (isRecord(body) && typeof body.checkoutUrl === 'string' && body.checkoutUrl !== '') {
    return body.checkoutUrl;
  }
  throw new ApiError(LOAD_FAILED, 500, {}, false);
}

interface QuotePayment {
  readonly quoteId: string;
  readonly token: string;
}

/** POST /api/quotes/:id/deposit: the payment page of an accepted quote's deposit. */
export function startQuoteDeposit({ quoteId, token }: QuotePayment): Promise<string> {
  return checkoutOf(quotePath(quoteId, '/deposit'), token);
}

/**
 * POST /api/quotes/:id/balance: the payment page of the balance, once the work is done (the
 * quote is `balance_due`). A 409 says why it cannot be paid (already paid, nothing due).
 */
export function startQuoteBalance({ quoteId, token }: QuotePayment): Promise<string> {
  return checkoutOf(quotePath(quoteId, '/balance'), token);
}

/** The PDF's address: the token is the proof, so a plain link downloads it. */
export function quotePdfUrl(quoteId: string, token: string): string {
  return withToken(quotePath(quoteId, '/pdf'), token);
}

/** GET /api/quotes: the signed-in customer's quotes; anything but `{ quotes }` is a failure. */
export async function fetchMyQuotes(login: string, signal: AbortSignal): Promise<MyQuote[]> {
  const body = await apiRequest<unknown>('/api/quotes', { token: login, signal });
  if (isRecord(body) && Array.isArray(body.quotes)) return body.quotes as MyQuote[];
  throw new ApiError(LOAD_FAILED, 500, {}, false);
}

export const myQuotesQuery: AccountQuery<MyQuote[]> = {
  key: quoteKeys.mine,
  load: fetchMyQuotes,
};

/** How often a returning payer's quote is asked for while their payment is being confirmed. */
export const PAYMENT_POLL_MS = 1_500;
/** After this the page stops asking; the confirmation email follows whenever the payment lands. */
export const PAYMENT_GIVE_UP_MS = 90_000;

/**
 * Whether a quote waits for its customer's money: the deposit (`accepted`, until `converted`) or
 * the balance (`balance_due`, until `completed`). Back from paying, the page asks again while it
 * does: once the status moved past what was being paid, the payment is confirmed.
 */
export function awaitsPayment(status: CustomerQuote['status']): boolean {
  return status === 'accepted' || status === 'balance_due';
}

interface UseQuoteOptions {
  /**
   * The customer is back from paying (the deposit or the balance): the quote is asked for again
   * every PAYMENT_POLL_MS while it still awaits the payment, for PAYMENT_GIVE_UP_MS at most
   * from `since`.
   */
  readonly awaitPayment?: { readonly since: number } | null;
}

/** One quote, by the signed link's token; nothing is asked without a token. */
export function useQuote(
  quoteId: string,
  token: string,
  { awaitPayment = null }: UseQuoteOptions = {},
) {
  return useQuery({
    queryKey: quoteKeys.quote(quoteId, token),
    queryFn: ({ signal }) => fetchQuote(quoteId, token, signal),
    enabled: quoteId !== '' && token !== '',
    refetchInterval: (query) => {
      if (awaitPayment === null) return false;
      const { data, dataUpdatedAt, errorUpdatedAt } = query.state;
      // A link that is not valid will not become valid by asking again.
      if (query.state.error instanceof ApiError && query.state.error.status === 404) return false;
      // Moved past what was being paid (deposit: converted; balance: completed), or elsewhere.
      if (data !== undefined && !awaitsPayment(data.status)) return false;
      const lastAnswer = Math.max(dataUpdatedAt, errorUpdatedAt);
      return lastAnswer - awaitPayment.since > PAYMENT_GIVE_UP_MS ? false : PAYMENT_POLL_MS;
    },
  });
}

/**
 * The server's totals with `optionalItems` chosen. Asked only when some are chosen (the quote's
 * own totals are those without); while a new choice is on its way the last answer stays shown
 * (else the totals without any), so the figures never blank out.
 */
export function useQuoteTotals(
  quoteId: string,
  token: string,
  optionalItems: readonly number[],
  fallback: QuoteTotalsView,
  enabled: boolean,
) {
  const items = chosenItems(optionalItems);
  return useQuery({
    queryKey: quoteKeys.totals(quoteId, token, items),
    queryFn: ({ signal }) => fetchQuoteTotals(quoteId, token, items, signal),
    enabled: enabled && items.length > 0,
    placeholderData: (previous) => previous ?? fallback,
    // The totals of a choice do not change while the quote is open: no need to ask twice.
    staleTime: Infinity,
  });
}

/**
 * The quote as an answer left it: the page shows it at once, without asking again. The page
 * stores it once it has read the answer, since the form that sent it goes away with the change.
 */
export function storeQuote(client: QueryClient, token: string, quote: CustomerQuote): void {
  client.setQueryData(quoteKeys.quote(quote.id, token), quote);
  // A signed-in customer's dashboard lists the quote with its status: read afresh when next seen.
  void client.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === 'account' && queryKey[2] === 'quotes',
  });
}

/** The quote changed on the server in a way the page did not see: read it afresh. */
export function refreshQuote(client: QueryClient, quoteId: string, token: string): Promise<void> {
  return client.invalidateQueries({ queryKey: quoteKeys.quote(quoteId, token), exact: true });
}

/** Accepts; the caller stores the answer's quote (storeQuote) once it has read the answer. */
export function useAcceptQuote() {
  return useMutation({ mutationFn: acceptQuote });
}

/** Declines; the caller stores the answer's quote (storeQuote) once it has read the answer. */
export function useDeclineQuote() {
  return useMutation({ mutationFn: declineQuote });
}

export function useQuoteDeposit() {
  return useMutation({ mutationFn: startQuoteDeposit });
}

export function useQuoteBalance() {
  return useMutation({ mutationFn: startQuoteBalance });
}
