import type { AdminBooks } from '@hs/api/domain/admin/books-schema';
import type { DocumentKind } from '@hs/api/domain/invoice/document-number';
import { answerOf, ApiError, apiRequest, NETWORK_FAILURE } from './api-client';

/** The operator's books (the Payments tab), behind an admin's Bearer token. */

export interface BooksFilter {
  /** The first issue date, included (YYYY-MM-DD, Toronto). */
  from: string;
  /** The last issue date, included (YYYY-MM-DD, Toronto). */
  to: string;
  /** A catalogue service id, or '' for every service. */
  service: string;
  /** One kind of document, or '' for both. */
  kind: DocumentKind | '';
}

/** The filters as the API reads them, the empty ones left out. */
function booksQuery(filter: BooksFilter): string {
  const query = new URLSearchParams({ from: filter.from, to: filter.to });
  if (filter.service !== '') query.set('service', filter.service);
  if (filter.kind !== '') query.set('kind', filter.kind);
  return query.toString();
}

export function fetchAdminBooks(
  token: string,
  filter: BooksFilter,
  signal?: AbortSignal,
): Promise<AdminBooks> {
  return apiRequest<AdminBooks>(`/api/admin/books?${booksQuery(filter)}`, { token, signal });
}

/** The address of the books' CSV with the same filters. */
export function booksCsvUrl(filter: BooksFilter): string {
  return `/api/admin/books.csv?${booksQuery(filter)}`;
}

/** The name the API gives the file, which the browser saves it as. */
export function booksCsvFileName(filter: BooksFilter): string {
  return `books-${filter.from}-to-${filter.to}.csv`;
}

/**
 * The CSV itself. A link alone cannot send the Bearer token, so the page fetches the file and
 * hands the browser what came back; a refusal throws the ApiError any other call would.
 */
export async function fetchBooksCsv(token: string, filter: BooksFilter): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(booksCsvUrl(filter), {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv' },
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
