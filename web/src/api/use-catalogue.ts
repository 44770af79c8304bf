import type { Catalogue } from '@hs/api/domain/booking/catalogue';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from './api-client';
import { fetchCatalogue, takeEarlyCatalogue } from './catalogue-request';

export type CatalogueLoad =
  | { readonly status: 'loading' }
  /** `reason` is what the API client says went wrong, when it says anything useful. */
  | { readonly status: 'failed'; readonly reason: string | null }
  | { readonly status: 'loaded'; readonly catalogue: Catalogue };

/** `GET /api/catalogue`, with a retry for when it fails (the home grid and the services page). */
export function useCatalogue(): { load: CatalogueLoad; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<CatalogueLoad>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    // The first load takes the request the route started as its code loaded, if there is one.
    const request =
      (attempt === 0 ? takeEarlyCatalogue() : null) ?? fetchCatalogue(controller.signal);
    request.then(
      (catalogue) => {
        // An early request is not aborted with the screen: its answer is dropped instead.
        if (controller.signal.aborted) return;
        setLoad({ status: 'loaded', catalogue });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({
          status: 'failed',
          // A network failure's message helps (check your connection); a bare generic one not.
          reason:
            error instanceof ApiError && (error.fromServer || error.status === 0)
              ? error.message
              : null,
        });
      },
    );
    return () => {
      controller.abort();
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  return { load, retry };
}
