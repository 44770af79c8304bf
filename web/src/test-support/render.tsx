import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';

// The site's cache tells screens of a change on the next microtask (api/query-client.ts): before
// the next event, but after the handler that caused it. A test asserts right after firing the
// event (a button disabled while its request is on its way), and fake timers must not hold the
// news back: in tests the cache tells screens at once.
notifyManager.setScheduler((tell) => {
  tell();
});

/**
 * A query client of the test's own: nothing cached from an earlier test, and no retries, so a
 * stubbed failure shows at once as the site shows it once its retries are spent.
 */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export type RenderWithQueryClientResult = RenderResult & { readonly queryClient: QueryClient };

/** `render` inside a fresh query client, as every screen that reads the server is at run time. */
export function renderWithQueryClient(
  ui: ReactElement,
  options: Omit<RenderOptions, 'wrapper'> & {
    readonly wrapper?: (props: { children: ReactNode }) => ReactNode;
  } = {},
): RenderWithQueryClientResult {
  const queryClient = createTestQueryClient();
  const { wrapper: Inner, ...rest } = options;
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        {Inner ? <Inner>{children}</Inner> : children}
      </QueryClientProvider>
    );
  }
  return { ...render(ui, { ...rest, wrapper: Wrapper }), queryClient };
}
