/**
 * The words and limits of customer reviews (issue 19), for the API, the emails and the site alike.
 * Plain values: the site's home and services pages import them without loading zod.
 */

export const REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** What an operator may set a review to: a review is never sent back to pending. */
export const MODERATION_STATUSES = ['approved', 'hidden'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export const REVIEW_LIMITS = {
  minRating: 1,
  maxRating: 5,
  /** Long enough to say something about the visit, short enough to show on a card. */
  minText: 10,
  maxText: 1_000,
  /** How long the emailed review link works. */
  linkDays: 30,
  /** How many approved reviews the public list carries. */
  published: 6,
} as const;

export const ReviewMessages = {
  linkInvalid: 'This review link is not valid.',
  linkExpired: 'This review link has expired.',
  alreadyReviewed: 'You have already reviewed this visit. Thank you!',
  /** A visit no longer done (refunded since it was marked done): there is nothing to review. */
  notReviewable: 'This visit can no longer be reviewed.',
  ratingRequired: `Please choose from ${String(REVIEW_LIMITS.minRating)} to ${String(REVIEW_LIMITS.maxRating)} stars.`,
  textRequired: 'Please write a few words about the visit.',
  textTooShort: `Please write at least ${String(REVIEW_LIMITS.minText)} characters.`,
  textTooLong: `Your review must be at most ${String(REVIEW_LIMITS.maxText)} characters.`,
  thanks: 'Thank you for your review! It appears on our site once our team has read it.',
  tooManyReviews: 'Too many reviews from your connection. Please wait a few minutes and try again.',
  reviewNotFound: 'No review with that id.',
  moderated: (status: ModerationStatus) =>
    status === 'approved'
      ? 'The review is approved and shown on the site.'
      : 'The review is hidden.',
} as const;

/** 'Maya S.' for 'Maya Singh': what the site shows of a reviewer, never the whole name. */
export function reviewerName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const initial = last ? Array.from(last)[0]?.toUpperCase() : undefined;
  return initial ? `${first} ${initial}.` : first;
}

/** 'Maya' for 'Maya Singh': how the review page greets the customer. */
export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}
