import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useIdleAfter } from './use-idle-after';

afterEach(cleanup);

describe('useIdleAfter', () => {
  it('stays false while not ready, turns true after it is, and stays true', async () => {
    const { result, rerender } = renderHook(({ ready }) => useIdleAfter(ready), {
      initialProps: { ready: false },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(false);

    rerender({ ready: true });
    // Not in the same render: a paint comes first.
    expect(result.current).toBe(false);
    await waitFor(() => {
      expect(result.current).toBe(true);
    });
    rerender({ ready: false });
    expect(result.current).toBe(true);
  });
});
