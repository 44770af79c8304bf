/**
 * The site's copy in one place (DESIGN.md): screens and components read their words from here so
 * a change of name, label or claim is made once.
 */

export const company = {
  name: 'Home Services',
  /** Also in index.html, which is shown before any script runs. */
  defaultTitle: 'Home Services — cleaning, gardening and more in Toronto',
} as const;

export interface NavLinkContent {
  readonly label: string;
  readonly to: string;
}

/** Header links for a visitor who is not signed in (SPEC.md section 2, Header). */
export const mainNav: readonly NavLinkContent[] = [
  { label: 'Home', to: '/' },
  { label: 'About us', to: '/about' },
  { label: 'Services', to: '/service/service1' },
  { label: 'Contact us', to: '/contact' },
  { label: 'Blogs', to: '/blogs' },
  { label: 'Register/Login', to: '/signup/register' },
];

export const footerNav: readonly NavLinkContent[] = [
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
];

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
