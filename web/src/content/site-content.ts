/**
 * The site's copy in one place (docs/product.md#decisions): screens and components read their words from here so
 * a change of name, label or claim is made once.
 */

import { Company } from '@hs/api/domain/company';

export const company = {
  name: Company.name,
  /** Also in index.html, which is shown before any script runs. */
  defaultTitle: 'Home Services — cleaning, gardening and more in Toronto',
  /** The footer's company blurb; docs/product.md section 1 dates the footer's claim to 2015. */
  blurb:
    'Since 2015 we have looked after homes, offices and restaurants across the Toronto area: ' +
    'cleaning, gardening, landscaping, carpentry, painting, pressure washing and snow removal, ' +
    'done by background-checked, fully insured staff with eco-friendly products.',
} as const;

export interface NavLinkContent {
  readonly label: string;
  readonly to: string;
}

/** Header links every visitor sees (docs/product.md section 2, Header). */
export const mainNav: readonly NavLinkContent[] = [
  { label: 'Home', to: '/' },
  { label: 'About us', to: '/about' },
  { label: 'Services', to: '/service/service1' },
  { label: 'Contact us', to: '/contact' },
  { label: 'Blogs', to: '/blogs' },
];

/** The header's account part: Register/Login for visitors, the rest once signed in. */
export const accountNav = {
  signIn: { label: 'Register/Login', to: '/signup/register' },
  /**
   * docs/product.md shows Profile on wide screens only and Dashboard in the mobile menu only; we
   * show both at every width (docs/product.md#decisions).
   */
  profile: { label: 'Profile', to: '/Profile' },
  dashboard: { label: 'Dashboard', to: '/dashboard' },
  /** Offered to the team only; the admin area and its API turn everybody else away anyway. */
  admin: { label: 'Admin', to: '/admin' },
  welcome: (name: string) => (name === '' ? 'Welcome' : `Welcome, ${name}`),
  logout: 'Logout',
} as const;

export const headerContent = {
  menuButton: 'Menu',
  contactLabel: 'Call or e-mail us',
  socialLabel: 'Follow us',
} as const;

export type SocialNetwork = 'facebook' | 'instagram' | 'linkedin';

export interface SocialLinkContent {
  readonly network: SocialNetwork;
  readonly label: string;
  readonly href: string;
}

/**
 * The business's own pages. docs/product.md names the networks but not the addresses; these are the
 * handles reserved for it until it supplies its own.
 */
export const socialLinks: readonly SocialLinkContent[] = [
  { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/homeservicesto' },
  { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/homeservicesto' },
  {
    network: 'linkedin',
    label: 'LinkedIn',
    href: 'https://www.linkedin.com/company/homeservicesto',
  },
];

/** Said after a link's name when it opens in a new tab, so nobody is surprised by it. */
export const newTabHint = '(opens in a new tab)';

export const footerNav: readonly NavLinkContent[] = [
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
];

export const footerContent = {
  aboutHeading: 'About us',
  servicesHeading: 'Our services',
  contactHeading: 'Contact',
  newsletterHeading: 'Newsletter',
  newsletterIntro:
    'Seasonal tips for a cleaner home and garden, and our offers. Unsubscribe at any time.',
  phoneLabel: 'Phone',
  emailLabel: 'E-mail',
  copyright: (year: number) => `© ${year} ${company.name}. All rights reserved.`,
} as const;

export const newsletterFormContent = {
  emailLabel: 'Email address',
  submit: 'Subscribe',
  sending: 'Subscribing…',
} as const;

export interface ScreenContent {
  /** The screen's main heading; also the first part of the document title. */
  readonly title: string;
  readonly description: string;
}

export const screens = {
  home: {
    title: 'Home',
    description: 'Residential and commercial cleaning, gardening and repair services in Toronto.',
  },
  about: {
    title: 'About us',
    description: 'Who we are, how we work and the people who do the work.',
  },
  services: {
    title: 'Services',
    description: 'Browse our twelve services, choose a plan and book a visit or a free estimate.',
  },
  contact: {
    title: 'Contact us',
    description: 'Find our Toronto address, call or e-mail us, or send us a message.',
  },
  blogs: {
    title: 'Blogs',
    description: 'Cleaning tips and insights from our team.',
  },
  profile: {
    title: 'Profile Settings',
    description: 'Change your photo, your details and a few words about yourself.',
  },
  auth: {
    title: 'Login',
    description: 'Log in, create an account or reset a forgotten password.',
  },
  resetPassword: {
    title: 'Reset Your Password',
    description: 'Choose a new password for your account.',
  },
  dashboard: {
    title: 'Dashboard',
    description: 'Your bookings and their payment status.',
  },
  privacy: {
    title: 'Privacy Policy',
    description: 'What we collect when you use this site, why, and how long we keep it.',
  },
  terms: {
    title: 'Terms of Service',
    description: 'The terms that apply when you book and pay for a service with us.',
  },
  manageBooking: {
    title: 'Your booking',
    description: 'See your booking, move it to another day or time, or cancel it.',
  },
  bookingReturn: {
    title: 'Thank you for your payment',
    description: 'Your booking is confirmed as soon as the payment provider tells us.',
  },
  notFound: {
    title: 'Page not found',
    description: 'The page you asked for does not exist or has moved.',
  },
} as const satisfies Record<string, ScreenContent>;

export const notFoundHomeLink = 'Go to the home page';

export const routeErrorContent = {
  title: 'Something went wrong',
  description: 'This page could not be shown. Reloading usually helps.',
  reload: 'Reload the page',
} as const;

export const skipLinkLabel = 'Skip to main content';

export const loadingLabel = 'Loading…';

const deadlineFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Toronto',
  dateStyle: 'full',
  timeStyle: 'short',
});

/** A moment as the customer reads it, in Toronto's time: 'Monday, May 13, 2030 at 8:00 a.m.' */
export function torontoMoment(iso: string): string {
  return deadlineFormat.format(new Date(iso));
}

/**
 * A sentence whose last words are put in (a moment, a name): its full stop, unless they end with
 * one already. A moment ends with 'a.m.' or 'p.m.', and '8:00 a.m..' reads as a typo.
 */
export function endSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The words of the booking pages reached from emails and from the payment provider. */
export const bookingPageContent = {
  invalidLink: 'This booking link is not valid. Please use the link in your confirmation email.',
  loading: 'Loading your booking…',
  rescheduleHeading: 'Move your booking',
  dateLabel: 'New date',
  timeLabel: 'New time',
  full: 'fully booked',
  /** A window that started, or starts too soon to book (same-day lead time). */
  windowClosed: 'no longer available',
  /** Every window of a day the business is closed (closedDayCopy.dateError says why). */
  dayClosed: 'closed',
  moveButton: 'Move my booking',
  moving: 'Moving…',
  cancelHeading: 'Cancel your booking',
  cancelButton: 'Cancel booking',
  cancelConfirm: 'Yes, cancel it',
  cancelKeep: 'Keep my booking',
  cancelling: 'Cancelling…',
  refundNote: 'You will get a full refund to the card you paid with.',
  noRefundNote:
    'Cancellations are refunded only until 24 hours before the visit as first booked. That time has passed, so this cancellation is not refunded.',
  /** Said before a paid visit is moved: the refund deadline stays where it was. */
  moveKeepsDeadline: (deadline: string) =>
    endSentence(
      `Moving your visit does not move the refund deadline: a cancellation is refunded only until ${deadline}`,
    ),
  moveAfterDeadline:
    'You can still move this visit, but it can no longer be cancelled for a refund: that was possible only until 24 hours before the visit as first booked.',
  closed: 'This booking can no longer be changed online. Call us if you need help.',
  waiting: 'Waiting for the payment provider to confirm your payment…',
  stillWaiting:
    'Your payment is taking longer than usual to be confirmed. We will email you as soon as it is.',
  paymentFailed: 'Payment failed. Please try again.',
  /** An unpaid booking: what it takes to confirm it, on the manage page. */
  payHeading: 'Complete your booking',
  payNote:
    'This booking is not confirmed until it is paid. We keep its place for a short while: pay now to confirm it, or cancel it below if you changed your mind.',
  payButton: 'Pay now',
  paying: 'Opening the payment page…',
  /** Back from the payment provider's page without paying. */
  paymentCancelled:
    'You left the payment page, so nothing was charged. Your booking is waiting: pay now to confirm it, or cancel it to free its place.',
  manageLink: 'See or change your booking',
  servicesLink: 'Back to our services',
} as const;

/** The pages the newsletter emails link to. */
export const newsletterPageContent = {
  confirmTitle: 'Newsletter subscription',
  unsubscribeTitle: 'Unsubscribe',
  working: 'One moment…',
  failed: 'Something went wrong',
  home: 'Go to the home page',
} as const;
