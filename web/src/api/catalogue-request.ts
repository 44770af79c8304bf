import type { Catalogue } from '@hs/api/domain/booking/catalogue';
import { apiRequest } from './api-client';

/** `GET /api/catalogue`, asked for ahead of the screen that shows it; taken once. */
let early: Promise<Catalogue> | null = null;

/** The services, plans and time windows the services page is built from. */
export function fetchCatalogue(signal?: AbortSignal): Promise<Catalogue> {
  return apiRequest<Catalogue>('/api/catalogue', signal ? { signal } : {});
}

/**
 * Asks for the catalogue while the screen that shows it is still downloading its code, so its
 * answer does not wait for that code. The screen's first load takes this request
 * (`takeEarlyCatalogue`) instead of asking again: the site still shows what the API answers.
 */
export function requestCatalogueEarly(): void {
  if (early !== null) return;
  const request = fetchCatalogue();
  // Whoever takes the request reads its failure; until then it is not unhandled.
  request.catch(() => undefined);
  early = request;
}

/** The request `requestCatalogueEarly` started, once; null if none is waiting. */
export function takeEarlyCatalogue(): Promise<Catalogue> | null {
  const request = early;
  early = null;
  return request;
}

/** Forgets an early request no screen will take, so that a later one does not get it old. */
export function forgetEarlyCatalogue(): void {
  early = null;
}
