import type { BenchContext } from './bench-types';

/**
 * Waits until the product has no job left and no mail is arriving: each scenario starts on a
 * quiet product, and its mail counts hold only its own messages.
 */
export async function waitUntilQuiet(
  context: Pick<BenchContext, 'product' | 'sink' | 'log'>,
  timeoutMs = 600_000,
): Promise<void> {
  const { product, sink, log } = context;
  const deadline = Date.now() + timeoutMs;
  let reported = 0;
  for (;;) {
    const before = sink.messages();
    const backlog = await product.backlog();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    if (backlog === 0 && sink.messages() === before) return;
    if (Date.now() > deadline)
      throw new Error(`the product was still busy after ${String(timeoutMs)} ms`);
    if (Date.now() - reported > 10_000) {
      reported = Date.now();
      log(`  waiting for the last scenario's jobs: ${String(backlog)} left`);
    }
  }
}
