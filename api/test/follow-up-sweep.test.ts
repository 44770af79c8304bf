import { PlanMembership } from '../src/subscriptions/plan-membership';
import { SubscriptionLifecycle } from '../src/subscriptions/subscription-lifecycle';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../src/bookings/booking-model';
import { newBookingId } from '../src/bookings/booking-id';
import { BookingService } from '../src/bookings/booking-service';
import { BookingLifecycle } from '../src/bookings/lifecycle/booking-lifecycle';
import { ContactMessageModel } from '../src/contact/contact-message-model';
import { ContactService } from '../src/contact/contact-service';
import { bookingFormSchema } from '../src/domain/booking/booking-schema';
import type { JobProducer } from '../src/jobs/job-producer';
import { systemClock } from '../src/platform/clock';
import { createLogger } from '../src/platform/logger';
import { startApiAndWorkers, type ProductHarness } from '../../tests/support/api-harness';
import { bookingFields } from '../../tests/support/booking-form';
import { waitForMail } from '../../tests/support/mailbox';
import { eventually } from '../../tests/support/poll';
import { testEmail, testEnv } from '../../tests/support/test-env';
import { jobsSettled } from '../../tests/support/settled-jobs';

/**
 * A request that stops between saving its record and handing over its jobs: the process dies, or
 * MongoDB fails as the outbox is written. Here the producer fails every job, which leaves the
 * record exactly as such a request does.
 */
const stoppedProducer = {
  add: () => Promise.reject(new Error('the process stopped here')),
} as unknown as JobProducer;

const silent = createLogger({ name: 'test', level: 'silent' });

/** Moves a record's creation back in time, past the sweep's grace for requests in flight. */
async function saveAgo(
  collection: mongoose.mongo.Collection,
  id: string | mongoose.Types.ObjectId,
  minutes: number,
): Promise<void> {
  const at = new Date(Date.now() - minutes * 60_000);
  // The raw driver: mongoose keeps createdAt from being changed. Booking ids are strings.
  await collection.updateOne(
    { _id: { $eq: id } } as mongoose.mongo.Filter<mongoose.mongo.Document>,
    {
      $set: { createdAt: at },
    },
  );
}

describe('the follow-up sweep', () => {
  const businessInbox = testEmail('inbox');
  let product: ProductHarness;

  beforeAll(async () => {
    product = await startApiAndWorkers(
      testEnv({ BUSINESS_INBOX: businessInbox, JOB_OUTBOX_POLL_MS: '300000' }),
    );
  });
  afterAll(async () => {
    await product.close();
  });

  it('hands over the jobs of a booking and a contact message whose request stopped after saving', async () => {
    const { context } = product.api;
    const lifecycle = new BookingLifecycle({
      jobs: stoppedProducer,
      slots: context.slots,
      clock: systemClock,
      settings: { holdSeconds: 1, holdLimitSeconds: 1, unpaidHoldsPerContact: 2 },
      logger: silent,
    });
    const subscriptions = new SubscriptionLifecycle({
      bookings: lifecycle,
      slots: context.slots,
      jobs: stoppedProducer,
      clock: systemClock,
      logger: silent,
      settings: { graceSeconds: 1, holdSeconds: 1 },
      provider: context.paymentProvider,
    });
    const bookings = new BookingService({
      lifecycle,
      subscriptions,
      slots: context.slots,
      jobs: stoppedProducer,
      links: context.links,
      membership: new PlanMembership(
        'a-test-secret-of-at-least-32-characters',
        'http://x',
        systemClock,
      ),
    });
    const form = bookingFormSchema().parse(bookingFields());
    const { booking } = await bookings.create(form, { bookingId: newBookingId() });
    expect(booking.followUpsPending).toBe(true);
    const held = await context.slots.remaining(form.date, form.date);

    const sender = testEmail('sender');
    const contact = new ContactService({ jobs: stoppedProducer, logger: silent });
    const stored = await contact.receive({
      fullName: 'Ana Lima',
      email: sender,
      phone: '416-555-0142',
      subject: 'Deck repair',
      message: 'Two boards are loose.',
    });
    if (stored.kind !== 'stored') throw new Error('the message was dropped');

    // Still within the grace a request in flight gets: the sweep leaves both alone.
    expect(await context.followUps.run()).toBe(0);

    await saveAgo(BookingModel.collection, booking._id, 2);
    await saveAgo(ContactMessageModel.collection, stored.message._id, 2);
    expect(await context.followUps.run()).toBe(2);

    // The business hears of both; the sender gets the acknowledgement.
    const inbox = await waitForMail(businessInbox, { count: 2 });
    expect(inbox.map((mail) => mail.Text).join('\n')).toContain(booking.reference);
    expect(inbox.map((mail) => mail.Text).join('\n')).toContain('Two boards are loose.');
    await waitForMail(sender);
    // The payment timer ran too: the hold had passed, so the unpaid booking gave its place back.
    await eventually(async () => {
      expect((await BookingModel.findById(booking._id))?.status).toBe('cancelled');
    });
    const released = await context.slots.remaining(form.date, form.date);
    expect(released.days[0]?.windows[form.time]).toBe((held.days[0]?.windows[form.time] ?? 0) + 1);

    // Handed over for good: the next sweep finds nothing, and nothing arrives twice.
    expect(await BookingModel.countDocuments({ followUpsPending: true })).toBe(0);
    expect(await ContactMessageModel.countDocuments({ emailsPending: true })).toBe(0);
    expect(await context.followUps.run()).toBe(0);
    await jobsSettled(context.jobs);
    expect(await waitForMail(businessInbox)).toHaveLength(2);
    expect(await waitForMail(sender)).toHaveLength(1);
  });

  it('lets each stranded record be handed over by one of the sweeps running at once', async () => {
    // Every API process sweeps: three at once here, over the same abandoned messages.
    const contact = new ContactService({ jobs: stoppedProducer, logger: silent });
    const senders = Array.from({ length: 12 }, () => testEmail('swept'));
    for (const email of senders) {
      const stored = await contact.receive({
        fullName: 'Ana Lima',
        email,
        phone: '416-555-0142',
        subject: 'Fence',
        message: 'A post is loose.',
      });
      if (stored.kind !== 'stored') throw new Error('the message was dropped');
      await saveAgo(ContactMessageModel.collection, stored.message._id, 2);
    }
    const { context } = product.api;
    const sweeps = await Promise.all([
      context.contact.resumeEmails(new Date(Date.now() - 60_000), 100),
      context.contact.resumeEmails(new Date(Date.now() - 60_000), 100),
      context.contact.resumeEmails(new Date(Date.now() - 60_000), 100),
    ]);
    // Each message handed over by one sweep alone.
    const handedOver = sweeps.flat();
    expect(handedOver).toHaveLength(senders.length);
    expect(new Set(handedOver).size).toBe(senders.length);
    expect(await ContactMessageModel.countDocuments({ emailsPending: true })).toBe(0);
    await jobsSettled(context.jobs);
    for (const email of senders) expect(await waitForMail(email)).toHaveLength(1);
  });
});
