import type { InvoiceSummary, InvoiceView } from '@hs/api/domain/invoice/invoice-schema';
import { useQuery } from '@tanstack/react-query';
import type { AccountQuery } from './account-api';
import { ApiError, answerOf, apiRequest, NETWORK_FAILURE } from './api-client';
import { proofBody, proofLogin, type BookingLink, type OwnerProof } from './bookings-api';
import { queryKeys } from './query-keys';

/**
 * Invoices and credit notes, read by their owner: signed in (the Bearer token), or with the
 * booking token of the manage link, which proves the booking's documents as it proves the booking.
 * Anyone else gets the 404 of an unknown invoice.
 */

/** What opens a document: the booking token of the link it was reached by, or the login. */
export type InvoiceProof = OwnerProof;

const LOAD_FAILED = 'Something went wrong!';

const invoicePath = (invoiceId: string, action = '') =>
  `/api/invoices/${encodeURIComponent(invoiceId)}${action}`;

/** The path with the proof's token as `?token=`, when it has one. */
function withToken(path: string, proof: InvoiceProof): string {
  const query = new URLSearchParams(proofBody(proof)).toString();
  return query === '' ? path : `${path}?${query}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The list of a `{ invoices }` answer; anything else is a failure, never an empty list. */
function invoicesOf(body: unknown): InvoiceSummary[] {
  if (isRecord(body) && Array.isArray(body.invoices)) return body.invoices as InvoiceSummary[];
  throw new ApiError(LOAD_FAILED, 500, {}, false);
}

/** GET /api/invoices: the signed-in account's documents, newest first. */
export async function fetchMyInvoices(
  token: string,
  signal: AbortSignal,
): Promise<InvoiceSummary[]> {
  return invoicesOf(await apiRequest<unknown>('/api/invoices', { token, signal }));
}

export const myInvoicesQuery: AccountQuery<InvoiceSummary[]> = {
  key: queryKeys.account.invoices,
  load: fetchMyInvoices,
};

/** GET /api/bookings/:id/invoices: one booking's documents, with the manage page's proof. */
export async function fetchBookingInvoices(
  link: BookingLink,
  signal: AbortSignal,
): Promise<InvoiceSummary[]> {
  const path = withToken(`/api/bookings/${encodeURIComponent(link.bookingId)}/invoices`, link);
  return invoicesOf(await apiRequest<unknown>(path, { ...proofLogin(link), signal }));
}

/** GET /api/invoices/:id: the document itself. */
export function fetchInvoice(
  invoiceId: string,
  proof: InvoiceProof,
  signal: AbortSignal,
): Promise<InvoiceView> {
  return apiRequest<InvoiceView>(withToken(invoicePath(invoiceId), proof), {
    ...proofLogin(proof),
    signal,
  });
}

/** The PDF's address with a booking token: a plain link downloads it, no header needed. */
export function invoicePdfUrl(invoiceId: string, token: string): string {
  return withToken(invoicePath(invoiceId, '/pdf'), { token });
}

/** The page of one document, carrying the booking token when that is the proof. */
export function invoicePagePath(invoiceId: string, proof: InvoiceProof): string {
  const path = `/invoices/${encodeURIComponent(invoiceId)}`;
  return proof.token === null ? path : `${path}?${new URLSearchParams({ token: proof.token })}`;
}

/**
 * The PDF's bytes with the login: a link cannot send the Bearer token, so the signed-in owner's
 * download is fetched and then saved (saveFile).
 */
export async function fetchInvoicePdf(
  invoiceId: string,
  proof: InvoiceProof,
  signal?: AbortSignal,
): Promise<Blob> {
  const login = proofLogin(proof).token ?? null;
  let response: Response;
  try {
    response = await fetch(withToken(invoicePath(invoiceId, '/pdf'), proof), {
      headers: login === null ? {} : { Authorization: `Bearer ${login}` },
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_FAILURE, 0, {}, false);
  }
  // answerOf throws the API's own refusal for every status outside 2xx.
  if (!response.ok) answerOf(response.status, await response.json().catch(() => null));
  return response.blob();
}

/** How long a saved file's object URL is kept: the browser has started the download by then. */
const OBJECT_URL_LIFETIME_MS = 10_000;

/** Hands `blob` to the browser as a download named `filename`, through a temporary link. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    window.setTimeout(() => {
      URL.revokeObjectURL(url);
    }, OBJECT_URL_LIFETIME_MS);
  }
}

/** The manage page's booking's documents; nothing is asked while `enabled` is false. */
export function useBookingInvoices(link: BookingLink, enabled = true) {
  return useQuery({
    queryKey: queryKeys.bookingInvoices(link),
    queryFn: ({ signal }) => fetchBookingInvoices(link, signal),
    enabled,
  });
}

/** One document, by the proof the page was opened with. */
export function useInvoice(invoiceId: string, proof: InvoiceProof) {
  return useQuery({
    queryKey: queryKeys.invoice(invoiceId, proof.token, proof.login ?? null),
    queryFn: ({ signal }) => fetchInvoice(invoiceId, proof, signal),
  });
}
