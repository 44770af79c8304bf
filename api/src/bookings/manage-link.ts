import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The "manage your booking" link in booking emails: the booking id signed with a secret the API
 * and the workers share, so a customer can see, cancel or move a booking without an account,
 * and nobody can reach another booking by changing the id.
 */
export class ManageLinks {
  constructor(
    private readonly secret: string,
    private readonly siteUrl: string,
  ) {}

  token(bookingId: string): string {
    return createHmac('sha256', this.secret)
      .update(`booking-manage:${bookingId}`)
      .digest('base64url');
  }

  verify(bookingId: string, token: unknown): boolean {
    if (typeof token !== 'string' || token.length > 100) return false;
    const expected = Buffer.from(this.token(bookingId));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The site's page for the booking. */
  url(bookingId: string): string {
    const query = new URLSearchParams({ booking: bookingId, token: this.token(bookingId) });
    return `${this.siteUrl}/bookings/manage?${query.toString()}`;
  }
}
