import type { Redis } from '../platform/redis';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Hands out send times one interval apart (a leaky bucket), in Redis so every workers process
 * shares it, on Redis's clock so machines whose clocks differ still agree. Answers the time in ms.
 */
const NEXT_TURN = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local nextMs = tonumber(redis.call('GET', KEYS[1]) or '0')
local turn = math.max(nowMs, nextMs)
redis.call('SET', KEYS[1], turn + tonumber(ARGV[1]), 'PX', 60000)
return {turn, nowMs}
`;

/**
 * At most `perSecond` newsletter messages per second across every workers process. Each message
 * gets a turn one interval (1 s / perSecond) after the one before, so any second holds at most
 * `perSecond` of them, rather than a burst at the start of each second that spills into the next
 * at the receiving end. 0 means no limit.
 */
export class SendRate {
  private readonly intervalMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly perSecond: number,
  ) {
    // 5% under the limit: messages reach the server a few ms apart from when they were sent,
    // and exact spacing would let that jitter put one message too many in some seconds.
    this.intervalMs = perSecond > 0 ? 1050 / perSecond : 0;
  }

  async acquire(): Promise<void> {
    if (this.perSecond <= 0) return;
    const key = `${this.keyPrefix}:newsletter-rate`;
    for (;;) {
      const [turn, redisNow] = (await this.redis.eval(NEXT_TURN, 1, key, this.intervalMs)) as [
        number,
        number,
      ];
      const wait = turn - redisNow;
      const wakeBy = Date.now() + wait;
      await sleep(wait);
      // A process held up past its turn (a busy machine) takes a new one instead of sending
      // late on top of the turns that follow.
      if (Date.now() - wakeBy <= this.intervalMs) return;
    }
  }
}
