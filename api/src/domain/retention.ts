/**
 * How long the product keeps what it keeps (docs/product.md#privacy, and the Privacy Policy's
 * "How long we keep it", which reads these numbers). Each is enforced by a TTL index or by the
 * daily retention job (api/src/retention/).
 */
export const RETENTION_DAYS = {
  /** A contact message, counted from its last change (received, answered, archived). */
  contactMessage: 730,
  /**
   * A newsletter delivery record (who a campaign went to, and how it went), counted from the day
   * its campaign was settled: finished, and no message of it left open or unconfirmed. The
   * campaign keeps its totals.
   */
  newsletterDelivery: 365,
  /** A booking's photo, counted from the visit's date; then the photo is deleted. */
  bookingPhoto: 365,
  /** A password-reset or email-change link's record, after the link has expired. */
  expiredLink: 1,
  /** A checkout or portal page of the local test payment provider, after it has expired. */
  testPaymentPage: 30,
} as const;

export const DAY_SECONDS = 24 * 3600;

/** A retention period in seconds, as a TTL index's expireAfterSeconds. */
export function retentionSeconds(days: number): number {
  return days * DAY_SECONDS;
}
