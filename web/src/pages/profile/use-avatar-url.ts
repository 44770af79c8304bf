import { type Query, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchAvatar, isSessionEnded } from '../../api/account-api';
import { queryKeys } from '../../api/query-keys';

export type AvatarImage =
  | { readonly status: 'none' }
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly url: string };

const AVATAR = queryKeys.account.avatar('', '')[2];
const watched = new WeakSet<QueryClient>();

/**
 * A picture's blob: URL lives as long as the cache holds it (shown again at once on the next
 * visit), and is revoked once the cache replaces or drops it. Watched once per client, for good:
 * the cache drops an entry after every screen showing it has gone.
 */
function revokeDroppedUrls(client: QueryClient): void {
  if (watched.has(client)) return;
  watched.add(client);
  const held = new Map<string, string>();
  client.getQueryCache().subscribe((event) => {
    // The cache types its entries loosely; an avatar entry holds a blob: URL string.
    const query = event.query as Query;
    if (query.queryKey[2] !== AVATAR) return;
    const { queryHash } = query;
    const before = held.get(queryHash);
    const now = event.type === 'removed' ? undefined : query.state.data;
    if (before !== undefined && before !== now) URL.revokeObjectURL(before);
    if (typeof now === 'string') held.set(queryHash, now);
    else held.delete(queryHash);
  });
}

/**
 * The picture at `path` ('' for none) as a blob: URL, since only a request carrying the Bearer
 * token may read it. A 401 tells the page through `onSessionEnded`.
 */
export function useAvatarUrl(token: string, path: string, onSessionEnded: () => void): AvatarImage {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.account.avatar(token, path),
    queryFn: async ({ signal }) => {
      revokeDroppedUrls(client);
      return URL.createObjectURL(await fetchAvatar(token, path, signal));
    },
    enabled: path !== '',
  });
  const sessionEnded = query.isError && isSessionEnded(query.error);

  useEffect(() => {
    if (sessionEnded) onSessionEnded();
  }, [sessionEnded, onSessionEnded]);

  if (path === '') return { status: 'none' };
  if (query.data !== undefined) return { status: 'ready', url: query.data };
  return query.isError && !query.isFetching && !sessionEnded
    ? { status: 'failed' }
    : { status: 'loading' };
}
