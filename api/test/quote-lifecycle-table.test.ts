import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../src/domain/domain-error';
import {
  QUOTE_EVENTS,
  quoteMoveFor,
  quoteRefusal,
  type QuoteEffect,
  type QuoteEvent,
} from '../src/domain/quote/quote-moves';
import { QUOTE_STATUSES, type QuoteStatus } from '../src/domain/quote/quote-status';
import { QueueName } from '../src/jobs/job-definitions';
import { systemClock } from '../src/platform/clock';
import { QuoteLifecycle } from '../src/quotes/quote-lifecycle';
import { QuoteModel } from '../src/quotes/quote-model';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { testEnv } from '../../tests/support/test-env';
import { addDays, todayInToronto } from '../src/domain/calendar/toronto-date';

/**
 * Every (status, event) pair through the quote's lifecycle, against MongoDB and Redis: an allowed
 * move leaves the status, the history and the jobs its table entry promises; a refused one says
 * why (the customer's words) and changes nothing. No workers run, so every job is still queued.
 */

/** The jobs each effect queues, by id, on their queue; none for effects written with the move. */
type QueuedBy = { queue: QueueName; id: (quoteId: string) => string }[];
const JOBS_OF: Record<QuoteEffect, QueuedBy> = {
  stampSent: [],
  recordAcceptance: [],
  emailQuote: [{ queue: QueueName.BookingEmails, id: (id) => `quote-sent-${id}` }],
  expiryTimer: [{ queue: QueueName.Bookings, id: (id) => `quote-expiry-${id}` }],
  tellOperatorAccepted: [{ queue: QueueName.BookingEmails, id: (id) => `quote-accepted-${id}` }],
  tellOperatorDeclined: [{ queue: QueueName.BookingEmails, id: (id) => `quote-declined-${id}` }],
  depositInvoice: [{ queue: QueueName.BookingEmails, id: (id) => `quote-deposit-${id}` }],
  balanceInvoice: [
    { queue: QueueName.BookingEmails, id: (id) => `quote-balance-${id}` },
    { queue: QueueName.BookingEmails, id: (id) => `quote-balance-reminder-${id}-7` },
    { queue: QueueName.BookingEmails, id: (id) => `quote-balance-reminder-${id}-14` },
  ],
  receipt: [{ queue: QueueName.BookingEmails, id: (id) => `quote-receipt-${id}` }],
};

let sequence = 0;

async function seed(status: QuoteStatus): Promise<string> {
  sequence += 1;
  const quote = await QuoteModel.create({
    number: `Q-2099-${String(sequence).padStart(6, '0')}`,
    revision: 1,
    status,
    customer: {
      name: 'Table Test',
      company: null,
      email: 'table@example.test',
      phone: '416-555-0100',
      address: '1 Table St, Toronto',
    },
    serviceId: 'construction-estimate',
    lines: [{ description: 'Deck', quantity: 1, unitPriceCents: 200_000, optional: false }],
    validUntil: addDays(todayInToronto(), 10),
    history: [],
  });
  return quote._id;
}

describe("a quote's lifecycle, every status by every event", () => {
  let api: ApiHarness;
  let lifecycle: QuoteLifecycle;

  beforeAll(async () => {
    api = await startApi(testEnv());
    lifecycle = new QuoteLifecycle({ jobs: api.context.jobs, clock: systemClock });
  });
  afterAll(async () => {
    await api.close();
  });

  const pairs = QUOTE_STATUSES.flatMap((status) =>
    QUOTE_EVENTS.map((event) => [status, event] as [QuoteStatus, QuoteEvent]),
  );

  it.each(pairs)('%s + %s', async (status, event) => {
    const id = await seed(status);
    const before = await QuoteModel.findById(id).lean();
    const move = quoteMoveFor(event, status);
    if (!move) {
      const refused = await lifecycle
        .apply(id, event, { by: 'test' })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DomainError);
      expect((refused as DomainError).code).toBe('quote.not_open');
      expect((refused as DomainError).message).toBe(quoteRefusal(status));
      // A quiet refusal (a timer, a repeated event) says nothing and changes nothing either.
      expect(await lifecycle.apply(id, event, { by: 'test' }, { quiet: true })).toBeNull();
      expect(await QuoteModel.findById(id).lean()).toEqual(before);
      return;
    }
    const moved = await lifecycle.apply(id, event, { by: 'test', detail: 'from the table' });
    expect(moved?.status).toBe(move.to);
    const after = await QuoteModel.findById(id).lean();
    expect(after?.status).toBe(move.to);
    if (move.to === status) {
      expect(after?.history).toEqual([]);
    } else {
      expect(after?.history).toMatchObject([
        { event, from: status, to: move.to, by: 'test', detail: 'from the table' },
      ]);
    }
    expect(Boolean(after?.sentAt)).toBe(move.effects.includes('stampSent'));
    for (const [effect, queued] of Object.entries(JOBS_OF) as [QuoteEffect, QueuedBy][]) {
      for (const job of queued) {
        const found = await api.context.jobs.queue(job.queue).getJob(job.id(id));
        expect(Boolean(found), `${effect}: ${job.id(id)}`).toBe(move.effects.includes(effect));
      }
    }
  });

  it('makes one move of two events at once, and refuses the other with its reason', async () => {
    const id = await seed('viewed');
    const answers = await Promise.allSettled([
      lifecycle.apply(id, 'accepted', { by: 'first' }),
      lifecycle.apply(id, 'declined', { by: 'second' }),
    ]);
    const moved = answers.filter((answer) => answer.status === 'fulfilled');
    expect(moved).toHaveLength(1);
    const after = await QuoteModel.findById(id).lean();
    expect(after?.history).toHaveLength(1);
    const refused = answers.find((answer) => answer.status === 'rejected');
    expect((refused?.reason as DomainError).message).toBe(quoteRefusal(after?.status ?? 'draft'));
  });
});
