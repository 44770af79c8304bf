import { LinkSigner } from '../links/link-signer';

const PURPOSE = 'admin-booking-photo';
/** How long a photo address opens the photo. */
export const PHOTO_LINK_TTL_SECONDS = 5 * 60;
/**
 * Expiries are rounded down to the minute (a link lives 4 to 5 minutes), so lists fetched within
 * the same minute name the same address and the browser serves the photo from its cache.
 */
const ROUND_SECONDS = 60;

/**
 * The address of a booking's photo in the admin area. An <img> cannot send the admin's Bearer
 * token, so the address itself is the credential: the booking id and an expiry, signed with
 * LINK_SECRET under a purpose of its own (no other signed link opens a photo, and no photo link
 * opens anything else).
 */
export class BookingPhotoLinks {
  private readonly signer: LinkSigner;

  constructor(secret: string) {
    this.signer = new LinkSigner(secret);
  }

  private signature(bookingId: string, expires: number): string {
    return this.signer.sign(PURPOSE, `${bookingId}:${String(expires)}`);
  }

  /** A path on the API's own origin (the admin pages are served from it). */
  url(bookingId: string, now = Date.now()): string {
    const nowSeconds = Math.floor(now / 1000);
    const expires =
      Math.floor((nowSeconds + PHOTO_LINK_TTL_SECONDS) / ROUND_SECONDS) * ROUND_SECONDS;
    const query = new URLSearchParams({
      expires: String(expires),
      sig: this.signature(bookingId, expires),
    });
    return `/api/admin/booking-photos/${bookingId}?${query.toString()}`;
  }

  /** True for a signature we made for this booking and expiry, while the expiry is ahead. */
  verify(bookingId: string, expires: unknown, sig: unknown, now = Date.now()): boolean {
    if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
    const expiresAt = Number(expires);
    // An expiry further out than any we issue was not made by us, whatever its signature says.
    const nowSeconds = Math.floor(now / 1000);
    if (expiresAt <= nowSeconds || expiresAt > nowSeconds + PHOTO_LINK_TTL_SECONDS) return false;
    return this.signer.verify(PURPOSE, `${bookingId}:${expires}`, sig);
  }
}
