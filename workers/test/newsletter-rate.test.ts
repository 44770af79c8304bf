import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmedSubscribers,
  countAt,
  createAndSend,
  setUp,
  untilSent,
  type Setup,
} from '../../tests/support/newsletter-harness';

// Its own file, so its receive times are taken in a test process not busy with other campaigns.
describe('the sending rate', () => {
  const rate = 10;
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp({}, { NEWSLETTER_RATE_PER_SECOND: String(rate) });
  }, 60_000);
  afterAll(async () => setup.close());

  it(`keeps to ${String(rate)} messages a second at the receiving server, over more than 10 s`, async () => {
    const emails = await confirmedSubscribers(130, 'paced');
    await setup.startWorkers();
    const id = await createAndSend(setup, 'Paced');
    await untilSent(setup, id, 60_000);
    const { mine } = countAt(setup.smtp, emails);
    expect(mine).toHaveLength(130);
    const times = mine.map((mail) => mail.at).sort((a, b) => a - b);
    const first = times[0] ?? 0;
    const last = times.at(-1) ?? 0;
    expect(last - first).toBeGreaterThanOrEqual(10_000);
    const perSecond = new Map<number, number>();
    for (const at of times) {
      const second = Math.floor(at / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    // Turns are 100 ms apart; a message landing a little late can join the next second's ten.
    expect(
      Math.max(...perSecond.values()),
      JSON.stringify([...perSecond.values()]),
    ).toBeLessThanOrEqual(rate + 1);
  }, 90_000);
});
