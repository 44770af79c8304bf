import { ExpiringLinks } from '../links/expiring-links';

/** How long a photo address opens the photo. */
export const PHOTO_LINK_TTL_SECONDS = 5 * 60;

/** The address of a booking's photo in the admin area, which an <img> loads (ExpiringLinks). */
export class BookingPhotoLinks {
  private readonly links: ExpiringLinks;

  constructor(secret: string) {
    this.links = new ExpiringLinks(secret, 'admin-booking-photo', PHOTO_LINK_TTL_SECONDS);
  }

  /** A path on the API's own origin (the admin pages are served from it). */
  url(bookingId: string, now = Date.now()): string {
    return `/api/admin/booking-photos/${bookingId}?${this.links.query(bookingId, now)}`;
  }

  verify(bookingId: string, expires: unknown, sig: unknown, now = Date.now()): boolean {
    return this.links.verify(bookingId, expires, sig, now);
  }
}
