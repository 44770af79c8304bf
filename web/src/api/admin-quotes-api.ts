import type { TimeWindowId } from '@hs/api/domain/booking/catalogue';
import {
  type AdminQuote,
  type AdminQuoteSummary,
  type QuoteDraft,
  QuoteWords,
} from '@hs/api/domain/quote/quote-schema';
import type { QuoteStatus } from '@hs/api/domain/quote/quote-status';
import { answerOf, ApiError, apiRequest, NETWORK_FAILURE } from './api-client';

/** The operators' quote calls (the Quotes tab), all behind an admin's Bearer token. */

export interface QuoteFilter {
  /** A quote status, or '' for every status. */
  status: QuoteStatus | '';
  /** A name, email or quote number, or '' for every quote. */
  q: string;
}

/**
 * The quotes' keys of the query cache. Kept here, beside the calls, under the operator's token
 * like every admin key (query-keys.ts): `all` covers the lists and the single quotes together.
 */
export const quoteKeys = {
  all: (token: string) => ['admin', token, 'quotes'] as const,
  lists: (token: string) => ['admin', token, 'quotes', 'list'] as const,
  list: (token: string, filter: QuoteFilter) => ['admin', token, 'quotes', 'list', filter] as const,
  one: (token: string, quoteId: string) => ['admin', token, 'quotes', 'one', quoteId] as const,
};

const quotePath = (quoteId: string) => `/api/admin/quotes/${encodeURIComponent(quoteId)}`;

export async function fetchAdminQuotes(
  token: string,
  filter: QuoteFilter,
  signal?: AbortSignal,
): Promise<AdminQuoteSummary[]> {
  const query = new URLSearchParams();
  if (filter.status !== '') query.set('status', filter.status);
  if (filter.q !== '') query.set('q', filter.q);
  const search = query.toString();
  const body = await apiRequest<{ quotes: AdminQuoteSummary[] }>(
    `/api/admin/quotes${search === '' ? '' : `?${search}`}`,
    { token, signal },
  );
  return body.quotes;
}

export async function fetchAdminQuote(
  token: string,
  quoteId: string,
  signal?: AbortSignal,
): Promise<AdminQuote> {
  const body = await apiRequest<{ quote: AdminQuote }>(quotePath(quoteId), { token, signal });
  return body.quote;
}

/** A 409 of `createQuote`: the estimate has a quote already, which `quoteId` names if known. */
export class QuoteExistsError extends ApiError {
  constructor(
    message: string,
    readonly quoteId: string | null,
  ) {
    super(message, 409);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A quote for an estimate request: 201 with the new draft. A 409 (the estimate has one already)
 * throws a QuoteExistsError with the existing quote's id when the answer carries it; any other
 * refusal throws the ApiError any call would. Its own fetch: apiRequest keeps only the message
 * and the field errors of a refusal, and the 409's `quoteId` matters here.
 */
export async function createQuote(token: string, estimateId: string): Promise<AdminQuote> {
  let response: Response;
  try {
    response = await fetch('/api/admin/quotes', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ estimateId }),
    });
  } catch {
    throw new ApiError(NETWORK_FAILURE, 0, {}, false);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 409) {
    const message =
      isRecord(body) && typeof body.error === 'string' ? body.error : QuoteWords.estimateHasQuote;
    const quoteId = isRecord(body) && typeof body.quoteId === 'string' ? body.quoteId : null;
    throw new QuoteExistsError(message, quoteId);
  }
  return (answerOf(response.status, body) as { quote: AdminQuote }).quote;
}

/** The whole draft, as the editor autosaves it; a 400 carries `fields` keyed by zod paths. */
export async function saveQuoteDraft(
  token: string,
  quoteId: string,
  draft: QuoteDraft,
  signal?: AbortSignal,
): Promise<AdminQuote> {
  const body = await apiRequest<{ quote: AdminQuote }>(quotePath(quoteId), {
    method: 'PUT',
    token,
    body: draft,
    signal,
  });
  return body.quote;
}

export interface QuoteSent {
  message: string;
  quote: AdminQuote;
}

export function sendQuote(token: string, quoteId: string): Promise<QuoteSent> {
  return apiRequest<QuoteSent>(`${quotePath(quoteId)}/send`, { method: 'POST', token });
}

/** The next revision as a draft (or the draft revision already being written). */
export async function reviseQuote(token: string, quoteId: string): Promise<AdminQuote> {
  const body = await apiRequest<{ quote: AdminQuote }>(`${quotePath(quoteId)}/revise`, {
    method: 'POST',
    token,
  });
  return body.quote;
}

/** Where the PDF is; a link alone cannot send the Bearer token (fetchQuotePdf does). */
export function quotePdfUrl(quoteId: string): string {
  return `${quotePath(quoteId)}/pdf`;
}

export function quotePdfFileName(quote: Pick<AdminQuote, 'number' | 'revision'>): string {
  return `${quote.number}-rev${String(quote.revision)}.pdf`;
}

/** The PDF itself, fetched with the token; a refusal throws the ApiError any call would. */
export async function fetchQuotePdf(token: string, quoteId: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(quotePdfUrl(quoteId), {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/pdf' },
    });
  } catch {
    throw new ApiError(NETWORK_FAILURE, 0, {}, false);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    answerOf(response.status, body);
  }
  return response.blob();
}

/** A visit of a job to book: a day (YYYY-MM-DD) and a time window (jobVisitRequestSchema). */
export interface JobVisitRequest {
  date: string;
  time: TimeWindowId;
}

/** What booking a visit answers: what the API did, in words, and the quote with its job now. */
export interface JobVisitBooked {
  message: string;
  quote: AdminQuote;
}

/**
 * Books one visit of the job a quote became. A 400 carries `fields` (a past date, a closed day:
 * `date`); a 409 says why it cannot be booked (the window is full, the quote is not a job yet).
 * The visit's other moves (done, crew, another time, cancelled) are the bookings' own calls.
 */
export function bookJobVisit(
  token: string,
  quoteId: string,
  request: JobVisitRequest,
): Promise<JobVisitBooked> {
  return apiRequest<JobVisitBooked>(`${quotePath(quoteId)}/visits`, {
    method: 'POST',
    token,
    body: request,
  });
}
