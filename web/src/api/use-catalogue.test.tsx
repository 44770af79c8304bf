import { CATALOGUE } from '@hs/api/domain/booking/catalogue';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetEarlyCatalogue, requestCatalogueEarly } from './catalogue-request';
import { useCatalogue } from './use-catalogue';

afterEach(() => {
  cleanup();
  forgetEarlyCatalogue();
  vi.unstubAllGlobals();
});

const catalogueAnswer = () =>
  Promise.resolve(
    new Response(JSON.stringify(CATALOGUE), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    }),
  );

function stubFetch(...answers: (() => Promise<Response>)[]) {
  const fetch = vi.fn<(input: string) => Promise<Response>>();
  for (const answer of answers) fetch.mockImplementationOnce(answer);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('useCatalogue', () => {
  it('asks GET /api/catalogue when nothing asked for it earlier', async () => {
    const fetch = stubFetch(catalogueAnswer);
    const { result } = renderHook(() => useCatalogue());
    expect(result.current.load.status).toBe('loading');
    await waitFor(() => {
      expect(result.current.load).toEqual({ status: 'loaded', catalogue: CATALOGUE });
    });
    expect(fetch.mock.calls.map(([path]) => path)).toEqual(['/api/catalogue']);
  });

  it('takes the request the route started early instead of asking again', async () => {
    const fetch = stubFetch(catalogueAnswer);
    requestCatalogueEarly();
    requestCatalogueEarly();
    expect(fetch).toHaveBeenCalledTimes(1);
    const { result } = renderHook(() => useCatalogue());
    await waitFor(() => {
      expect(result.current.load).toEqual({ status: 'loaded', catalogue: CATALOGUE });
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('takes an early request once: the next screen asks again', async () => {
    const fetch = stubFetch(catalogueAnswer, catalogueAnswer);
    requestCatalogueEarly();
    const first = renderHook(() => useCatalogue());
    await waitFor(() => {
      expect(first.result.current.load.status).toBe('loaded');
    });
    const second = renderHook(() => useCatalogue());
    await waitFor(() => {
      expect(second.result.current.load.status).toBe('loaded');
    });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('shows an early request’s failure, and Try again asks anew', async () => {
    const fetch = stubFetch(() => Promise.reject(new TypeError('offline')), catalogueAnswer);
    requestCatalogueEarly();
    const { result } = renderHook(() => useCatalogue());
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
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
