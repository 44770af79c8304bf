import { randomBytes } from 'node:crypto';
import { BookingModel, type BookingDocument } from '../../api/src/bookings/booking-model';
import { addDays, todayInToronto } from '../../api/src/domain/calendar/toronto-date';

const INSERT_BATCH = 1_000;

/**
 * `count` bookings as a paid checkout leaves them (One-time Visit, paid by the test provider),
 * written straight to MongoDB: the scenario measures their emails, not how they were made.
 */
export async function insertPaidBookings(
  count: number,
  emailOf: (index: number) => string,
  log: (line: string) => void,
): Promise<BookingDocument[]> {
  const run = randomBytes(3).toString('hex').toUpperCase();
  const date = addDays(todayInToronto(), 20);
  const paidAt = new Date();
  const inserted: BookingDocument[] = [];
  for (let start = 0; start < count; start += INSERT_BATCH) {
    const rows = Array.from({ length: Math.min(INSERT_BATCH, count - start) }, (_, offset) => {
      const index = start + offset;
      return new BookingModel({
        reference: `HS-${run}${index.toString(36).toUpperCase().padStart(4, '0')}`,
        name: `Bench Customer ${String(index)}`,
        phone: '416-555-0100',
        email: emailOf(index),
        address: `${String(1 + (index % 900))} Queen St W, Toronto, ON`,
        postalCode: 'M5H 2N2',
        serviceId: 'garden-maintenance',
        planId: 'one-time',
        date,
        time: 'morning',
        amountCents: 14_900,
        status: 'paid',
        payment: {
          provider: 'test',
          paidAt,
          intentId: `pi_bench_${run}_${String(index)}`,
        },
        followUpsPending: false,
        history: [{ from: 'pending_payment', to: 'paid', by: 'bench', at: paidAt }],
      });
    });
    await BookingModel.insertMany(rows);
    inserted.push(...rows);
    log(`  ${String(inserted.length)} of ${String(count)} paid bookings written`);
  }
  return inserted;
}
