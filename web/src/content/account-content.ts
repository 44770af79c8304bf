/** The words of the signed-in screens: Profile Settings and the Dashboard. */

import { AuthMessages } from '@hs/api/domain/auth/auth-messages';
import type { ProfileForm } from '@hs/api/domain/profile/profile-schema';
import { companyField } from './invoice-content';

export const signInContent = {
  profile: 'Please log in to see and change your profile.',
  dashboard: 'Please log in to see your bookings.',
  sessionEnded: AuthMessages.sessionExpired,
  link: 'Log in or sign up',
  to: '/signup/register',
} as const;

export interface ProfileFieldContent {
  readonly name: keyof ProfileForm;
  readonly label: string;
  readonly type: 'text' | 'email' | 'tel' | 'date';
  readonly autoComplete: string;
}

/** In the order the form shows them; About (bio) follows as a textarea. */
export const profileFields: readonly ProfileFieldContent[] = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  // Optional: the company the invoices are made out to, which a booking takes when it has none.
  {
    name: 'company',
    label: companyField.label,
    type: 'text',
    autoComplete: companyField.autoComplete,
  },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'address', label: 'Address', type: 'text', autoComplete: 'street-address' },
  { name: 'city', label: 'City', type: 'text', autoComplete: 'address-level2' },
  { name: 'state', label: 'Province or state', type: 'text', autoComplete: 'address-level1' },
  { name: 'zipCode', label: 'Postal or ZIP code', type: 'text', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', type: 'text', autoComplete: 'country-name' },
  { name: 'dob', label: 'Date of birth', type: 'date', autoComplete: 'bday' },
];

export const profileContent = {
  loading: 'Loading your profile…',
  retry: 'Try again',
  detailsHeading: 'Your details',
  required: '(required)',
  bioLabel: 'About',
  bioHint: 'A few words about yourself, up to 1000 characters.',
  save: 'Save Changes',
  saving: 'Saving…',
  cancel: 'Cancel',
  /** Said under the buttons, below the fields it points to. */
  fixErrors: 'Please correct the fields marked above.',
  saveFailed: 'Something went wrong!',
  currentPasswordLabel: 'Current password',
  currentPasswordHint:
    'Needed to change your email. We then email the new address a link: the change happens once you follow it.',
  photoHeading: 'Photo',
  photoAlt: 'Your profile photo',
  previewAlt: 'Your new photo',
  noPhoto: 'No photo yet',
  photoUnavailable: 'Your photo could not be shown right now.',
  chooseLabel: 'Choose a new photo',
  chooseHint: 'JPEG, PNG or WebP, up to 2 MB.',
  uploading: 'Uploading your photo',
  uploaded: 'Your photo has been updated.',
  remove: 'Remove photo',
  removing: 'Removing…',
  removed: 'Your photo has been removed.',
} as const;

export const dashboardContent = {
  loading: 'Loading your bookings…',
  retry: 'Try again',
  listHeading: 'Your bookings',
  empty: 'You have no bookings yet.',
  bookLink: 'Browse our services and book a visit',
  bookTo: '/service/service1',
  /** Each booking's page opens with the login, as its emails' signed link opens it. */
  manageHint: 'Open a booking to see it, move it, cancel it or pay for it.',
  manageBooking: 'See or change this booking',
  /** A booking still waiting for its money: straight to paying, or to cancelling it. */
  payNow: 'Pay now',
  cancelUnpaid: 'Cancel it',
  unpaidNote: 'Not confirmed until it is paid: its place is held for a short while only.',
  planHint:
    "A Monthly Visit plan's visits are listed under the plan, which you can manage from here.",
  planHeading: (service: string) => `${service}: Monthly Visit plan`,
  nextVisits: 'Next visits',
  noNextVisits: 'None booked yet',
  managePlan: 'Manage your plan',
} as const;

/** The pages the links of the account emails open. */
export const accountEmailPageContent = {
  confirmChangeTitle: 'Confirm your new email',
  verifyTitle: 'Confirm your email',
  working: 'Confirming…',
  failed: 'Something went wrong!',
  profile: 'Go to your profile',
  home: 'Go to the home page',
} as const;
