import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type CatalogueLoad, catalogueFailureReason } from './catalogue-load';
import { fetchCatalogue, takeEarlyCatalogue } from './catalogue-request';
import { queryKeys } from './query-keys';

export type { CatalogueLoad } from './catalogue-load';

/** `GET /api/catalogue`, with a retry for when it fails (the services page and the home grid). */
export function useCatalogue(): { load: CatalogueLoad; retry: () => void } {
  const query = useQuery({
    queryKey: queryKeys.catalogue(),
    // The first load takes the request the route started as its code loaded, if there is one.
    queryFn: ({ signal }) => takeEarlyCatalogue() ?? fetchCatalogue(signal),
  });
  const { refetch } = query;
  const retry = useCallback(() => {
    void refetch();
  }, [refetch]);

  const load: CatalogueLoad =
    query.data !== undefined
      ? { status: 'loaded', catalogue: query.data }
      : query.isError && !query.isFetching
        ? { status: 'failed', reason: catalogueFailureReason(query.error) }
        : { status: 'loading' };
  return { load, retry };
}
