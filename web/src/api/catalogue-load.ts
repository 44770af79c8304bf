import type { Catalogue } from '@hs/api/domain/booking/catalogue';
import { ApiError } from './api-client';

export type CatalogueLoad =
  | { readonly status: 'loading' }
  /** `reason` is what the API client says went wrong, when it says anything useful. */
  | { readonly status: 'failed'; readonly reason: string | null }
  | { readonly status: 'loaded'; readonly catalogue: Catalogue };

/** A network failure's message helps (check your connection); a bare generic one not. */
export function catalogueFailureReason(error: unknown): string | null {
  return error instanceof ApiError && (error.fromServer || error.status === 0)
    ? error.message
    : null;
}
