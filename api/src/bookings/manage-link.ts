import { LinkSigner } from '../links/link-signer';

const PURPOSE = 'booking-manage';

/**
 * The "manage your booking" link in booking emails: a customer can see, cancel or move a booking
 * without an account, and nobody reaches another booking by changing the id.
 */
export class ManageLinks {
  private readonly signer: LinkSigner;

  constructor(
    secret: string,
    private readonly siteUrl: string,
  ) {
    this.signer = new LinkSigner(secret);
  }

  token(bookingId: string): string {
    return this.signer.sign(PURPOSE, bookingId);
  }

  verify(bookingId: string, token: unknown): boolean {
    return this.signer.verify(PURPOSE, bookingId, token);
  }

  /**
   * Where a Monthly Visit plan's customer updates their card: the API opens the payment
   * provider's page for the plan (the same proof as the plan's first booking).
   */
  billingUrl(planId: string): string {
    const query = new URLSearchParams({ token: this.token(planId) });
    return `${this.siteUrl}/api/plans/${planId}/billing?${query.toString()}`;
  }

  /** The site's page for the booking. */
  url(bookingId: string): string {
    const query = new URLSearchParams({ booking: bookingId, token: this.token(bookingId) });
    return `${this.siteUrl}/bookings/manage?${query.toString()}`;
  }
}
