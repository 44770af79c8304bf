import { expect } from 'vitest';
import { multipart } from './api-process';
import { bookingFields } from './booking-form';

/** What a test needs of a booking to pay for it at Stripe and find its emails. */
export interface BookedVisit {
  id: string;
  reference: string;
  /** The proof of ownership the booking answer gave: to pay for it or open it. */
  token: string;
  /** The customer's address, of this booking only. */
  email: string;
}

/**
 * Books the form's default paid plan through the API at `apiUrl`, as the site's form posts it.
 * The booking then waits for its payment, which the test delivers as a Stripe event.
 */
export async function bookPaidVisit(apiUrl: string): Promise<BookedVisit> {
  const fields = bookingFields();
  const response = await fetch(`${apiUrl}/api/bookings`, {
    method: 'POST',
    body: multipart(fields),
  });
  expect(response.status).toBe(201);
  const { booking, token } = (await response.json()) as {
    booking: { id: string; reference: string };
    token: string;
  };
  return { id: booking.id, reference: booking.reference, token, email: fields.email ?? '' };
}
