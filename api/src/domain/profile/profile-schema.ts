import '../zod-config';
import { z } from 'zod';
import { AuthMessages } from '../auth/auth-messages';
import { emailField } from '../auth/auth-schemas';
import { isCalendarDate } from '../calendar/toronto-date';
import { INVALID_PHONE, lineOfText, paragraphsOfText, phoneNumber } from '../form-fields';

/**
 * The Profile Settings form (docs/product.md section 3), shared by the API and the site: one set of rules,
 * one set of messages. Browser-safe: zod and domain/ only.
 */

/** The largest profile picture accepted, in bytes (2 MB). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** What the site's file input may accept; the API judges the bytes, not the name or this type. */
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AvatarMimeType = (typeof AVATAR_MIME_TYPES)[number];

export const PROFILE_LIMITS = {
  firstName: 60,
  lastName: 60,
  /** The company invoices are made out to (the booking form's, when it leaves its own empty). */
  company: 100,
  email: 254,
  phone: 30,
  address: 200,
  city: 100,
  state: 100,
  zipCode: 12,
  country: 100,
  bio: 1000,
} as const;

export const ProfileMessages = {
  updated: AuthMessages.profileUpdated,
  /** The same answer whether or not another account uses the address: no enumeration. */
  emailChangeSent: 'Check your new address for a link to confirm it.',
  currentPasswordRequired: 'Please enter your current password to change your email address.',
  currentPasswordWrong: 'Your current password is not correct.',
  googleSignInAgain:
    'To change your email, sign in with Google again, then save your new email within 10 minutes.',
  invalidPhone: INVALID_PHONE,
  invalidZipCode: 'Please enter a valid postal or ZIP code.',
  dobFormat: 'Please enter your date of birth as YYYY-MM-DD.',
  dobInFuture: 'Date of birth must be in the past.',
  dobTooEarly: 'Date of birth cannot be before 1900.',
  avatarMissing: 'Please choose a picture to upload.',
  avatarTooLarge: 'Profile pictures must be 2 MB or smaller.',
  avatarWrongType: 'Profile pictures must be JPEG, PNG or WebP images.',
  avatarOneOnly: 'Please upload one picture, in the "avatar" field.',
  avatarUnreadable: 'The upload could not be read. Please try again.',
  avatarNotFound: 'You have no profile picture yet.',
  avatarUnavailable: 'Profile pictures are unavailable right now. Please try again shortly.',
  nothingToUpdate: 'Send at least one profile field to change.',
} as const;

/** What GET /api/me/profile answers. `profilePicture` is an API path, or '' when there is none. */
export interface Profile {
  firstName: string;
  lastName: string;
  /** The company invoices are made out to; '' for none. */
  company: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  /** YYYY-MM-DD, or ''. */
  dob: string;
  bio: string;
  profilePicture: string;
  /**
   * Whether the account has a password: an email change then asks for it. An account that signs
   * in only with Google proves itself with a fresh Google sign-in instead.
   */
  hasPassword: boolean;
}

const phoneField = phoneNumber('Phone number', PROFILE_LIMITS.phone);

// Canadian postal codes (M5V 2T6), US ZIP codes (12345-6789) and most others: letters, digits,
// single spaces or hyphens between them.
const zipCodeField = lineOfText('Postal code', PROFILE_LIMITS.zipCode).refine(
  (zip) => zip === '' || /^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/.test(zip),
  { message: ProfileMessages.invalidZipCode },
);

/** Today's date as YYYY-MM-DD (UTC), read when a form is checked, not when this module loads. */
function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/** '' or a real calendar date YYYY-MM-DD, from 1900-01-01 up to yesterday. */
const dobField = z
  .string({ error: 'Date of birth must be text.' })
  .trim()
  .superRefine((dob, context) => {
    if (dob === '') return;
    if (!isCalendarDate(dob)) {
      context.addIssue({ code: 'custom', message: ProfileMessages.dobFormat });
    } else if (dob < '1900-01-01') {
      context.addIssue({ code: 'custom', message: ProfileMessages.dobTooEarly });
    } else if (dob >= todayIso()) {
      context.addIssue({ code: 'custom', message: ProfileMessages.dobInFuture });
    }
  });

/** The whole form as the site submits it. Unknown fields (profilePicture among them) are dropped. */
export const profileFormSchema = z.object({
  firstName: lineOfText('First name', PROFILE_LIMITS.firstName, true),
  lastName: lineOfText('Last name', PROFILE_LIMITS.lastName),
  company: lineOfText('Company', PROFILE_LIMITS.company),
  email: emailField,
  phone: phoneField,
  address: lineOfText('Address', PROFILE_LIMITS.address),
  city: lineOfText('City', PROFILE_LIMITS.city),
  state: lineOfText('Province or state', PROFILE_LIMITS.state),
  zipCode: zipCodeField,
  country: lineOfText('Country', PROFILE_LIMITS.country),
  dob: dobField,
  bio: paragraphsOfText('About me', PROFILE_LIMITS.bio),
});

/**
 * What PUT /api/me/profile accepts: the same rules, but a field left out keeps its saved value,
 * so an older client that does not know a field cannot wipe it. A body naming no profile field
 * at all (empty, or only unknown names) is a mistake, not an update, and is refused.
 * `currentPassword` is not a profile field: it proves the owner when the email changes.
 */
export const profileUpdateSchema = profileFormSchema
  .partial()
  .extend({
    currentPassword: z
      .string({ error: 'Current password must be text.' })
      .max(1_000, ProfileMessages.currentPasswordWrong)
      .optional(),
  })
  .refine(({ currentPassword: _, ...changes }) => Object.keys(changes).length > 0, {
    message: ProfileMessages.nothingToUpdate,
  });

export type ProfileForm = z.infer<typeof profileFormSchema>;
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
