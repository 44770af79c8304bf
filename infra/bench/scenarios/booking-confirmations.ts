import { bookingConfirmationEmail } from '../../../api/src/bookings/booking-emails';
import { ManageLinks } from '../../../api/src/bookings/manage-link';
import { jobs } from '../../../api/src/jobs/job-definitions';
import { sendConfirmationsFloor } from '../baselines/floor-confirmations';
import { sendThroughBarePool } from '../baselines/nodemailer-pool';
import type { Scenario } from '../bench-types';
import { cpuMsPer, describeCpuPer, measureCpu, productProcesses } from '../cpu-time';
import { mailCount, mailSince, waitForMail } from '../mail-arrival';
import { insertPaidBookings } from '../paid-bookings';
import { DEFAULT_MAIL_POOL_SIZE } from '../../../api/src/platform/mailer';
import { productSettings } from '../product-settings';
import { waitUntilQuiet } from '../settle';
import { ratioOf, TargetCheck, TARGETS } from '../targets';

const TARGET = TARGETS.bookingEmails;
/** The workers' mailer keeps this many connections for emails sent once. */
const WORKERS_MAILER_POOL = DEFAULT_MAIL_POOL_SIZE;
const ENQUEUE_LANES = 20;

/**
 * Paid bookings' confirmation emails (with their calendar file), from the queue to the mail
 * server: what the workers do after a busy hour of checkouts. Its floor
 * (baselines/floor-confirmations.ts): the bare pool plus one delivery row written per message.
 */
export const bookingConfirmationsScenario: Scenario = {
  name: 'booking-emails',
  async run(context) {
    const { product, sink, sizes, log } = context;
    const count = sizes.bookings;
    await waitUntilQuiet(context);
    log(`writing ${String(count)} paid bookings...`);
    const bookings = await insertPaidBookings(
      count,
      (index) => `customer-${String(index)}@confirmations.bench.test`,
      log,
    );
    const settings = productSettings(product.env);
    const links = new ManageLinks(settings.LINK_SECRET, settings.SITE_URL);

    log(
      `baseline: bare nodemailer pool of ${String(WORKERS_MAILER_POOL)} sending ${String(count)} confirmations...`,
    );
    const bookingAt = (index: number) => {
      const booking = bookings[index];
      if (!booking) throw new Error(`no booking ${String(index)}`);
      return booking;
    };
    const composeTo = (who: string) => (index: number) => {
      const booking = bookingAt(index);
      const message = bookingConfirmationEmail(booking, 'unproven', links.url(booking.id as string));
      return { ...message, to: `${who}-${String(index)}@confirmations.bench.test` };
    };
    const baseline = await sendThroughBarePool({
      sink,
      poolSize: WORKERS_MAILER_POOL,
      count,
      from: settings.MAIL_FROM,
      log,
      compose: composeTo('baseline'),
    });

    await waitUntilQuiet(context);
    log(
      `floor: the same pool, one delivery row written (raw mongodb driver) before each of ${String(count)} confirmations...`,
    );
    const floor = await sendConfirmationsFloor({
      product,
      sink,
      poolSize: WORKERS_MAILER_POOL,
      inFlight: settings.WORKER_CONCURRENCY,
      count,
      from: settings.MAIL_FROM,
      log,
      compose: composeTo('floor'),
      // The key the product's worker gives the same email (booking-emails.ts, send-once).
      keyOf: (index) =>
        `${jobs.bookingConfirmationEmail.name}:confirmation-${bookingAt(index).id as string}`,
    });

    await waitUntilQuiet(context);
    log(
      `product: queueing ${String(count)} confirmation jobs; timing until the last email arrives...`,
    );
    const cpu = measureCpu(productProcesses(product));
    const before = mailCount(sink);
    const startedAt = Date.now();
    let next = 0;
    const lanes = Array.from({ length: ENQUEUE_LANES }, async () => {
      while (next < count) {
        const booking = bookings[next];
        next += 1;
        if (!booking) continue;
        const bookingId = booking.id as string;
        // The id the payment flow gives it (BookingService.queueVisitEmails).
        await context.jobs.add(
          jobs.bookingConfirmationEmail,
          { bookingId },
          { jobId: `confirmation-${bookingId}` },
        );
      }
    });
    const [arrival] = await Promise.all([
      waitForMail(sink, before, count, { startedAt, timeoutMs: 120_000 + count * 20, log }),
      Promise.all(lanes),
    ]);
    const cpuSeconds = cpu.stop();
    log(`  CPU ms per message: ${describeCpuPer(cpuSeconds, count)}`);
    // Anything more (a second copy) would arrive now.
    await waitUntilQuiet(context);
    const received = mailSince(sink, before);

    const floorRatio = ratioOf(arrival.perSecond, floor.perSecond);
    const check = new TargetCheck()
      .expectFloorRatio(floorRatio, TARGET.minFloorRatio)
      .expect(
        received.messages === count && received.recipients === count,
        `${String(received.messages)} messages to ${String(received.recipients)} recipients, not ${String(count)}`,
      )
      .expect(floor.complete, 'the floor did not deliver them all in time');
    return {
      scenario: `${String(count)} booking confirmation emails, queue to SMTP`,
      product: `${String(arrival.perSecond)} msg/s (${arrival.seconds.toFixed(1)} s); ${String(received.messages)} messages, ${String(received.recipients)} recipients`,
      baseline: `${String(baseline.perSecond)} msg/s (${baseline.seconds.toFixed(1)} s)`,
      ratio: ratioOf(arrival.perSecond, baseline.perSecond),
      floor: `${String(floor.perSecond)} msg/s (${floor.seconds.toFixed(1)} s)`,
      floorRatio,
      target: `ratio to floor >= ${String(TARGET.minFloorRatio)}, exactly ${String(count)} arrive`,
      met: check.met,
      missed: check.missed,
      measured: {
        count,
        poolSize: WORKERS_MAILER_POOL,
        product: { ...arrival, received },
        baseline,
        floor,
        cpuSeconds,
        cpuMsPerMessage: cpuMsPer(cpuSeconds, count),
      },
    };
  },
};
