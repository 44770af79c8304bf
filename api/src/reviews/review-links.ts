import { isBookingId } from '../domain/booking/booking-id';
import { REVIEW_LIMITS } from '../domain/review/review-messages';
import { LinkSigner } from '../links/link-signer';

const PURPOSE = 'booking-review';
const DAY_MS = 24 * 3600 * 1000;
/** `<booking id>.<expiry, Unix seconds>.<signature>`: the link carries all it needs. */
const TOKEN_PATTERN = /^([a-f0-9]{32})\.(\d{1,12})\.([A-Za-z0-9_-]{1,100})$/;

export type ReviewLinkCheck =
  | { kind: 'valid'; bookingId: string }
  | { kind: 'expired'; bookingId: string }
  | { kind: 'invalid' };

/**
 * The link of the thank-you email: it proves the visit (no account is needed to review it) and
 * works for REVIEW_LIMITS.linkDays. The booking id and the expiry are signed together under a
 * purpose of their own, so no other link's token opens the review page, and changing either part
 * breaks the signature. "Works once" is the review's: one review per booking id (ReviewModel).
 */
export class ReviewLinks {
  private readonly signer: LinkSigner;

  constructor(
    secret: string,
    private readonly siteUrl: string,
  ) {
    this.signer = new LinkSigner(secret);
  }

  /** A token for the visit, working until `expiresAt` (30 days from now unless given). */
  token(
    bookingId: string,
    expiresAt = new Date(Date.now() + REVIEW_LIMITS.linkDays * DAY_MS),
  ): string {
    const expires = String(Math.floor(expiresAt.getTime() / 1000));
    return `${bookingId}.${expires}.${this.signer.sign(PURPOSE, `${bookingId}:${expires}`)}`;
  }

  /** The site's review page for the visit. */
  url(bookingId: string, expiresAt?: Date): string {
    const query = new URLSearchParams({ token: this.token(bookingId, expiresAt) });
    return `${this.siteUrl}/review?${query.toString()}`;
  }

  /**
   * What a token proves at `now`. The signature is checked before the expiry, so a token whose
   * expiry was edited reads as invalid, not as expired.
   */
  check(token: unknown, now = new Date()): ReviewLinkCheck {
    if (typeof token !== 'string') return { kind: 'invalid' };
    const match = TOKEN_PATTERN.exec(token);
    const [, bookingId, expires, signature] = match ?? [];
    if (!bookingId || !expires || !signature || !isBookingId(bookingId)) return { kind: 'invalid' };
    if (!this.signer.verify(PURPOSE, `${bookingId}:${expires}`, signature)) {
      return { kind: 'invalid' };
    }
    if (Number(expires) * 1000 <= now.getTime()) return { kind: 'expired', bookingId };
    return { kind: 'valid', bookingId };
  }
}
