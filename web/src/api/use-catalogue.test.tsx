import { CATALOGUE } from '@hs/api/domain/booking/catalogue';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test-support/api-stub';
import { createTestQueryClient } from '../test-support/render';
import { forgetEarlyCatalogue, requestCatalogueEarly } from './catalogue-request';
import { useCatalogue } from './use-catalogue';

afterEach(() => {
  cleanup();
  forgetEarlyCatalogue();
  vi.unstubAllGlobals();
});

/** Hooks rendered with one client share its cache, as the screens of one visit do. */
function withClient() {
  const client = createTestQueryClient();
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

describe('useCatalogue', () => {
  it('asks GET /api/catalogue when nothing asked for it earlier', async () => {
    const api = stubApi({ 'GET /api/catalogue': { json: CATALOGUE } });
    const { result } = renderHook(() => useCatalogue(), { wrapper: withClient() });
    expect(result.current.load.status).toBe('loading');
    await waitFor(() => {
      expect(result.current.load).toEqual({ status: 'loaded', catalogue: CATALOGUE });
    });
    expect(api.calls().map((call) => call.url)).toEqual(['/api/catalogue']);
  });

  it('takes the request the route started early instead of asking again', async () => {
    const api = stubApi({ 'GET /api/catalogue': { json: CATALOGUE } });
    requestCatalogueEarly();
    requestCatalogueEarly();
    expect(api.calls()).toHaveLength(1);
    const { result } = renderHook(() => useCatalogue(), { wrapper: withClient() });
    await waitFor(() => {
      expect(result.current.load).toEqual({ status: 'loaded', catalogue: CATALOGUE });
    });
    expect(api.calls()).toHaveLength(1);
  });

  it('takes an early request once: the next screen asks again', async () => {
    const api = stubApi({ 'GET /api/catalogue': { json: CATALOGUE } });
    const wrapper = withClient();
    requestCatalogueEarly();
    const first = renderHook(() => useCatalogue(), { wrapper });
    await waitFor(() => {
      expect(first.result.current.load.status).toBe('loaded');
    });
    const second = renderHook(() => useCatalogue(), { wrapper });
    await waitFor(() => {
      expect(second.result.current.load.status).toBe('loaded');
    });
    await waitFor(() => {
      expect(api.calls()).toHaveLength(2);
    });
  });

  it('shows an early request’s failure, and Try again asks anew', async () => {
    let answers = 0;
    const api = stubApi({
      'GET /api/catalogue': () => (answers++ === 0 ? { networkError: true } : { json: CATALOGUE }),
    });
    requestCatalogueEarly();
    const { result } = renderHook(() => useCatalogue(), { wrapper: withClient() });
    await waitFor(() => {
      expect(result.current.load.status).toBe('failed');
    });
    expect(result.current.load).toMatchObject({ reason: expect.stringMatching(/connection/) });
    act(() => {
      result.current.retry();
    });
    await waitFor(() => {
      expect(result.current.load.status).toBe('loaded');
    });
    expect(api.calls()).toHaveLength(2);
  });
});
