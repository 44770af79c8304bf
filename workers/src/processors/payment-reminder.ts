import { AWAITING_PAYMENT } from '@hs/api/domain/booking/booking-status';
import { paymentReminderEmail } from '@hs/api/bookings/payment-reminder-email';
import { jobs } from '@hs/api/jobs/job-definitions';
import type { Processor } from '../processor';
import { bookingEmail, type BookingEmailDependencies } from './booking-emails';

/**
 * "Complete your booking", for a booking still waiting for its money when the job runs: one paid,
 * cancelled or released since needs nothing. A plan's later visits wait for the plan's invoice,
 * not for their customer, so only a booking the customer pays for itself is reminded.
 */
export function paymentReminderProcessor(deps: BookingEmailDependencies): Processor {
  return bookingEmail(deps, jobs.completeBookingEmail, (booking, reader) => {
    const paysItself = !booking.subscriptionId || booking.subscriptionId === booking._id;
    return AWAITING_PAYMENT.includes(booking.status) && paysItself
      ? paymentReminderEmail(booking, reader, deps.links.url(booking._id))
      : null;
  });
}
