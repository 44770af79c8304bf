import '../zod-config';
import { z } from 'zod';
import { lineOfText } from '../form-fields';
import { AuthMessages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-messages';

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
    // Names end up in logs, the admin console and the operators' terminals: the same rule as
    // every other form's names.
    firstName: lineOfText('First name', 60, true),
    lastName: lineOfText('Last name', 60, true),
    address: lineOfText('Address', 200, true),
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

/** 32 random bytes, base64url: the token of a single-use emailed link (reset, email change). */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Any problem with the body reads like a stale link: the page shows one message. */
export const confirmEmailChangeSchema = z.object({
  token: z
    .string({ error: AuthMessages.emailChangeLinkInvalid })
    .regex(LINK_TOKEN_PATTERN, AuthMessages.emailChangeLinkInvalid),
});

/** The welcome email's signed link: whose account, and the signature of its id and address. */
export const verifyEmailSchema = z.object({
  user: z
    .string({ error: AuthMessages.emailVerifyLinkInvalid })
    .regex(/^[a-f0-9]{24}$/, AuthMessages.emailVerifyLinkInvalid),
  token: z
    .string({ error: AuthMessages.emailVerifyLinkInvalid })
    .regex(/^[A-Za-z0-9_-]{43}$/, AuthMessages.emailVerifyLinkInvalid),
});

export type RegisterInput = z.infer<typeof registerSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
