import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { queryClient } from '../api/query-client';

/**
 * The site's one query client for what is under it, unless a client is provided already (a test's
 * own, or another boundary's): every boundary then shares one cache.
 */
export function ServerStateProvider({ children }: { readonly children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  if (provided !== undefined) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
