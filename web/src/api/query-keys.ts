import type { TimeWindowId } from '@hs/api/domain/booking/catalogue';
import type { BookingFilter, ListPlace, PlanFilter, SubscriberFilter } from './admin-api';
import type { BooksFilter } from './admin-books-api';
import type { ReviewFilter } from './admin-reviews-api';
import type { UnconfirmedFilter } from './admin-unconfirmed-api';
import type { BookingLink } from './bookings-api';

/**
 * Every key of the query cache, in one place: a change invalidates or rewrites exactly the keys
 * it touched, and keys that start alike (an account's, an operator's) go together. A token is
 * part of the keys of what it opens, so another sign-in never reads the last one's answers.
 */
export const queryKeys = {
  catalogue: () => ['catalogue'] as const,
  siteConfig: () => ['site-config'] as const,
  publishedReviews: () => ['reviews', 'published'] as const,
  reviewVisit: (token: string) => ['reviews', 'visit', token] as const,
  availability: (date: string) => ['availability', date] as const,
  monthlyPlan: (date: string, time: TimeWindowId) => ['monthly-plan', date, time] as const,
  paymentSetup: () => ['payments', 'setup'] as const,
  stripe: (publishableKey: string) => ['stripe', publishableKey] as const,
  googleSignIn: () => ['auth', 'google-available'] as const,
  /** The manage page's booking, by the proof that opens it. */
  managedBooking: ({ bookingId, token, login }: BookingLink) =>
    ['booking', bookingId, token ?? '', login ?? ''] as const,
  /** The booking's invoices and credit notes: under its key, so what refreshes it refreshes them. */
  bookingInvoices: ({ bookingId, token, login }: BookingLink) =>
    ['booking', bookingId, token ?? '', login ?? '', 'invoices'] as const,
  /** One invoice or credit note, by the proof that opens it (a booking token, or the login). */
  invoice: (invoiceId: string, token: string | null, login: string | null) =>
    ['invoice', invoiceId, token ?? '', login ?? ''] as const,

  account: {
    /** Every account's: a link from an email may be for another account than the signed-in one. */
    every: () => ['account'] as const,
    profile: (token: string) => ['account', token, 'profile'] as const,
    bookings: (token: string) => ['account', token, 'bookings'] as const,
    invoices: (token: string) => ['account', token, 'invoices'] as const,
    avatars: (token: string) => ['account', token, 'avatar'] as const,
    avatar: (token: string, path: string) => ['account', token, 'avatar', path] as const,
  },

  admin: {
    role: (token: string) => ['admin', token, 'role'] as const,
    bookings: (token: string, filter: BookingFilter) =>
      ['admin', token, 'bookings', filter] as const,
    plans: (token: string, filter: PlanFilter) => ['admin', token, 'plans', filter] as const,
    messages: (token: string, place: ListPlace) => ['admin', token, 'messages', place] as const,
    subscribers: (token: string, filter: SubscriberFilter) =>
      ['admin', token, 'subscribers', filter] as const,
    reviews: (token: string, filter: ReviewFilter) => ['admin', token, 'reviews', filter] as const,
    campaigns: (token: string) => ['admin', token, 'campaigns'] as const,
    campaignPreview: (token: string, campaignId: string) =>
      ['admin', token, 'campaigns', campaignId, 'preview'] as const,
    closures: (token: string) => ['admin', token, 'closures'] as const,
    schedule: (token: string, week: string) => ['admin', token, 'schedule', week] as const,
    books: (token: string, filter: BooksFilter) => ['admin', token, 'books', filter] as const,
    unconfirmedSends: (token: string, filter: UnconfirmedFilter) =>
      ['admin', token, 'unconfirmed-sends', filter] as const,
  },
};
