import { useCallback, useEffect, useState } from 'react';
import { type CatalogueLoad, catalogueFailureReason } from '../../../api/catalogue-load';
import { fetchCatalogue } from '../../../api/catalogue-request';

/**
 * `GET /api/catalogue` for the home page's grid, with a retry for when it fails. The one read of
 * the site outside the query cache (api/use-catalogue.ts is the services page's): the grid is in
 * the home page's first load, whose 100 KB JavaScript budget has no room for the query library
 * (about 10 KB gzip). Keep it this small; anything more belongs in the query cache.
 */
export function useHomeCatalogue(): { load: CatalogueLoad; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<CatalogueLoad>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchCatalogue(controller.signal).then(
      (catalogue) => {
        setLoad({ status: 'loaded', catalogue });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ status: 'failed', reason: catalogueFailureReason(error) });
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
