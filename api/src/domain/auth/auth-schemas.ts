import '../zod-config';
import { z } from 'zod';
import { AuthMessages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-messages';

/** A readable "X is required." for an absent field, instead of zod's type wording. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** Emails are trimmed and compared in lower case: Jo@Example.com and jo@example.com are one person. */
export const emailField = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(254, AuthMessages.invalidEmail)
  .pipe(z.email(AuthMessages.invalidEmail))
  .transform((email) => email.toLowerCase());

export const passwordField = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN_LENGTH, AuthMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AuthMessages.passwordTooLong);

export const registerSchema = z
  .object({
    email: emailField,
    password: passwordField,
    confirmPassword: z.string({ error: 'Please confirm your password.' }),
    firstName: requiredText('First name', 60),
    lastName: requiredText('Last name', 60),
    address: requiredText('Address', 200),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: AuthMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const loginSchema = z.object({
  email: emailField,
  // Length rules are for choosing a password, not for typing one in: a wrong one is just wrong.
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(1_000),
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z.object({ password: passwordField });

export type RegisterInput = z.infer<typeof registerSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
