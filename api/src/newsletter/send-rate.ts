import type { Redis } from '../platform/redis';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * At most `perSecond` newsletter messages per second across every workers process: each message
 * takes a numbered place in the current second from a counter in Redis, and waits for its share
 * of that second, so the second's messages are spread over it rather than sent in one burst that
 * would spill into the next second at the receiving end. 0 means no limit.
 */
export class SendRate {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly perSecond: number,
  ) {}

  async acquire(): Promise<void> {
    if (this.perSecond <= 0) return;
    for (;;) {
      const second = Math.floor(Date.now() / 1000);
      const key = `${this.keyPrefix}:newsletter-rate:${String(second)}`;
      const [[, place]] = ((await this.redis.multi().incr(key).expire(key, 10).exec()) ?? [
        [null, 0],
      ]) as [[unknown, number]];
      if (place <= this.perSecond) {
        await sleep(second * 1000 + ((place - 1) * 1000) / this.perSecond - Date.now());
        // A process that was held up (a busy machine) must not catch up on a past second's
        // places: that would put them on top of the next second's own.
        if (Math.floor(Date.now() / 1000) === second) return;
        continue;
      }
      await sleep((second + 1) * 1000 - Date.now());
    }
  }
}
