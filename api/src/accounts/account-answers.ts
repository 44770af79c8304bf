import { z } from 'zod';
import { USER_ROLES, type PublicUser } from './user-model';

/** The shapes of the account routes' answers, for the API reference (they check nothing). */

export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  address: z.string(),
  role: z.enum(USER_ROLES),
}) satisfies z.ZodType<PublicUser>;

/** A login: password, registration or Google. */
export const sessionSchema = z.object({
  token: z.string().describe('The login token: send it as `Authorization: Bearer <token>`.'),
  user: publicUserSchema,
  message: z.string(),
});
