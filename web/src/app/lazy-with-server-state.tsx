import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

/**
 * A part of the site loaded on demand together with the query cache it reads the server through.
 * The cache is provided here rather than around the whole app because the app's own chunk is in
 * the home page's first load, whose 100 KB budget has no room for it; each part provides the same
 * one client (api/query-client.ts), so they all share one cache.
 */
export function lazyWithServerState<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const [Component, { ServerStateProvider }] = await Promise.all([
      load(),
      import('./ServerStateProvider'),
    ]);
    function WithServerState(props: P) {
      return (
        <ServerStateProvider>
          <Component {...props} />
        </ServerStateProvider>
      );
    }
    return { default: WithServerState };
  });
}
