import './zod-config';
import { z } from 'zod';

/**
 * Field rules that every form shares (booking, contact, accounts, profile, reviews, newsletters),
 * so a phone number or a line of text is judged the same way everywhere. Browser-safe: zod only.
 */

// Escapes, not the characters: the pattern is also published in the OpenAPI document.
const BIDI_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069';
/**
 * What one line of text never holds: every control character (C0, DEL and C1, NEL and CSI
 * among them) and the bidirectional embeddings, overrides and isolates. A terminal runs a control
 * sequence, and an override makes the console and mail clients draw what follows it backwards
 * ("Maya\u202Egnp.exe" reads "Mayaexe.png"): whoever reads the text would not see what was sent.
 * Right-to-left text itself, and the marks people type between scripts (U+200E, U+200F), are
 * text and stay.
 */
const ONE_LINE_REFUSED = new RegExp(`[\\u0000-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}]`);
/** Paragraphs keep their line breaks and tabs (LF, CR, HT); nothing else of the above. */
const PARAGRAPHS_REFUSED = new RegExp(
  `[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}]`,
);

export type TextShape = 'one line' | 'paragraphs';

/** The words of the shared text rules, with the field's own label in them. */
export const FieldMessages = {
  oneLine: (label: string) =>
    `${label} must be on one line, without hidden control or text-direction characters.`,
  paragraphs: (label: string) =>
    `${label} must not contain hidden control or text-direction characters.`,
} as const;

/**
 * The one rule on which characters typed text may hold, for every form (a name, an address, a
 * note, a message, a newsletter). For a field that words its other checks itself; lineOfText and
 * paragraphsOfText build on it. The JSON schema carries the rule as `not.pattern`, so the API
 * reference states it and the hostile-input fuzzer knows what it refuses.
 */
export function plainText(text: z.ZodString, label: string, shape: TextShape): z.ZodString {
  const refused = shape === 'one line' ? ONE_LINE_REFUSED : PARAGRAPHS_REFUSED;
  const message =
    shape === 'one line' ? FieldMessages.oneLine(label) : FieldMessages.paragraphs(label);
  return text
    .refine((value) => !refused.test(value), { message })
    .meta({ not: { pattern: refused.source } });
}

const ONE_LINE_REFUSED_ALL = new RegExp(ONE_LINE_REFUSED.source, 'g');

/**
 * Text that comes from elsewhere and cannot be answered with a 400 (a Google profile's name):
 * the same characters, dropped.
 */
export function withoutHiddenCharacters(text: string): string {
  return text.replace(ONE_LINE_REFUSED_ALL, '');
}

export const INVALID_PHONE = 'Please enter a valid phone number.';

/**
 * Trimmed text on one line, at most `max` characters; '' allowed unless `required`. One line
 * matters beyond looks: these values end up in email headers and calendar files.
 */
export function lineOfText(label: string, max: number, required = false) {
  const text = plainText(
    z
      .string({
        error: (issue) =>
          issue.input === undefined && required
            ? `${label} is required.`
            : `${label} must be text.`,
      })
      .trim()
      .max(max, `${label} must be at most ${String(max)} characters.`),
    label,
    'one line',
  );
  return required ? text.min(1, `${label} is required.`) : text;
}

/**
 * Free text of one or more paragraphs (a message, a project's description): trimmed, at most
 * `max` characters, line breaks and tabs allowed; '' unless required.
 */
export function paragraphsOfText(label: string, max: number, required = false) {
  const text = plainText(
    z
      .string({ error: `${label} must be text.` })
      .trim()
      .max(max, `${label} must be at most ${String(max)} characters.`),
    label,
    'paragraphs',
  );
  return required ? text.min(1, `${label} is required.`) : text;
}

const PHONE_PATTERN = /^\+?[\d\s().\-/]+(?:\s*(?:ext\.?|x)\s*\d{1,6})?$/i;
const PHONE_EXTENSION = /(?:ext\.?|x)\s*\d+$/i;

/** The number without its extension, as digits alone. */
const mainDigitsOf = (phone: string) => phone.replace(PHONE_EXTENSION, '').replace(/\D/g, '');

/** A phone number as people write them: 7 to 15 digits, with spaces, dots, dashes or an extension. */
export function phoneNumber(label: string, max: number, required = false) {
  return lineOfText(label, max, required).refine(
    (phone) => {
      if (phone === '') return !required;
      if (!PHONE_PATTERN.test(phone)) return false;
      const mainDigits = mainDigitsOf(phone).length;
      return mainDigits >= 7 && mainDigits <= 15;
    },
    { message: INVALID_PHONE },
  );
}

/**
 * One phone line however it was written, so that a rule about "one phone" cannot be passed by
 * typing it another way: a North American number ('416-555-0199', '+1 (416) 555.0199',
 * '1 416 555 0199 x12') is '+14165550199' (E.164); one typed with a country code ('+44 ...', or
 * '011 44 ...' as it is dialled from here) is '+' and its digits. An extension reaches the same
 * line, so it is dropped. Anything else (a short local number) keeps its digits alone, which no
 * E.164 form equals.
 */
export function phoneKey(phone: string): string {
  const digits = mainDigitsOf(phone);
  if (phone.trim().startsWith('+')) return `+${digits}`;
  if (digits.startsWith('011')) return `+${digits.slice(3)}`;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return digits;
}
