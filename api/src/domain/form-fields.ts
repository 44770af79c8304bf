import './zod-config';
import { z } from 'zod';

/**
 * Field rules that several forms share (profile, booking, contact), so a phone number or a line of
 * text is judged the same way everywhere. Browser-safe: zod only.
 */

// Control characters other than tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex
const LINE_BREAKS_OR_CONTROL = /[\u0000-\u001F\u007F]/;
/**
 * Every Unicode control character (Cc): C0, DEL and C1 (NEL, CSI...). Stricter than the line
 * rule above, for the fields that name an account, where no terminal or mail client should ever
 * be handed a control sequence; other forms keep accepting C1 as text on purpose (the security
 * tests send NEL and expect it to stay text).
 */
const ANY_CONTROL_CHARACTER = /\p{Cc}/u;

export const INVALID_PHONE = 'Please enter a valid phone number.';

/**
 * Trimmed text on one line, at most `max` characters; '' allowed unless `required`. One line
 * matters beyond looks: these values end up in email headers and calendar files.
 */
export function lineOfText(
  label: string,
  max: number,
  required = false,
  forbidden: RegExp = LINE_BREAKS_OR_CONTROL,
) {
  const text = z
    .string({
      error: (issue) =>
        issue.input === undefined && required ? `${label} is required.` : `${label} must be text.`,
    })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !forbidden.test(value), {
      message: `${label} must be on one line, without special characters.`,
    });
  return required ? text.min(1, `${label} is required.`) : text;
}

/**
 * Free text of one or more paragraphs (a message, a project's description): trimmed, at most
 * `max` characters, line breaks and tabs allowed, no other control character; '' unless required.
 */
export function paragraphsOfText(label: string, max: number, required = false) {
  const text = z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${String(max)} characters.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), {
      message: `${label} must not contain special characters.`,
    });
  return required ? text.min(1, `${label} is required.`) : text;
}

/** A name or an address on an account: one line, and no control character of any kind. */
export function accountLineOfText(label: string, max: number, required = false) {
  return lineOfText(label, max, required, ANY_CONTROL_CHARACTER);
}

const PHONE_PATTERN = /^\+?[\d\s().\-/]+(?:\s*(?:ext\.?|x)\s*\d{1,6})?$/i;

/** A phone number as people write them: 7 to 15 digits, with spaces, dots, dashes or an extension. */
export function phoneNumber(label: string, max: number, required = false) {
  return lineOfText(label, max, required).refine(
    (phone) => {
      if (phone === '') return !required;
      if (!PHONE_PATTERN.test(phone)) return false;
      const mainDigits = phone.replace(/(?:ext\.?|x)\s*\d+$/i, '').replace(/\D/g, '').length;
      return mainDigits >= 7 && mainDigits <= 15;
    },
    { message: INVALID_PHONE },
  );
}
