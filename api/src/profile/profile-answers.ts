import { z } from 'zod';
import type { Profile } from '../domain/profile/profile-schema';

/** The shapes of the profile routes' answers, for the API reference (they check nothing). */

export const profileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().describe("The company invoices are made out to; '' for none."),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
  dob: z.string().describe("YYYY-MM-DD, or ''."),
  bio: z.string(),
  profilePicture: z.string().describe("The picture's API path, or '' when there is none."),
  hasPassword: z
    .boolean()
    .describe(
      'Whether the account has a password; without one (Google only), an email change needs a Google sign-in of the last 10 minutes.',
    ),
}) satisfies z.ZodType<Profile>;

export const pictureAnswerSchema = z.object({ profilePicture: z.string() });
