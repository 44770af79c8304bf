import { describe, expect, it } from 'vitest';
import { WriteBehind } from '../src/platform/write-behind';

/** A WriteBehind over an in-memory "database" whose writes can be made to fail. */
function recorder(options: { maxBatch: number; maxWaitMs?: number }) {
  const written: number[][] = [];
  const errors: number[] = [];
  let failing = false;
  const behind = new WriteBehind<number>({
    ...options,
    write: (ops) => {
      if (failing) return Promise.reject(new Error('database away'));
      written.push(ops);
      return Promise.resolve();
    },
    onError: (_error, ops) => errors.push(ops),
  });
  return { behind, written, errors, fail: (on: boolean) => (failing = on) };
}

describe('writes behind', () => {
  it('writes a full batch at once, in one write, and the rest on flush', async () => {
    const { behind, written } = recorder({ maxBatch: 3, maxWaitMs: 60_000 });
    for (const op of [1, 2, 3, 4]) behind.add(op);
    await behind.flush();
    expect(written).toEqual([[1, 2, 3], [4]]);
  });

  it('writes a trickle within its wait, without being asked', async () => {
    const { behind, written } = recorder({ maxBatch: 100, maxWaitMs: 20 });
    behind.add(7);
    behind.add(8);
    await new Promise<void>((resolve) => {
      const check = () => (written.length > 0 ? resolve() : setTimeout(check, 5));
      check();
    });
    expect(written).toEqual([[7, 8]]);
    await behind.close();
  });

  it('keeps a failed batch and writes it, in order, with the next', async () => {
    const { behind, written, errors, fail } = recorder({ maxBatch: 100, maxWaitMs: 60_000 });
    fail(true);
    behind.add(1);
    behind.add(2);
    await behind.flush();
    expect(written).toEqual([]);
    expect(errors).toEqual([2]);
    fail(false);
    behind.add(3);
    await behind.close();
    expect(written).toEqual([[1, 2, 3]]);
  });
});
