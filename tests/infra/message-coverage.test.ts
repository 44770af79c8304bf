import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AuthMessages } from '../../api/src/domain/auth/auth-messages';
import { BookingMessages } from '../../api/src/domain/booking/booking-schema';
import { ContactMessages } from '../../api/src/domain/contact/contact-messages';
import { FieldMessages } from '../../api/src/domain/form-fields';
import { NewsletterMessages } from '../../api/src/domain/newsletter/newsletter-messages';
import { PaymentMessages } from '../../api/src/domain/payment/payment-messages';
import { CardMessages } from '../../api/src/domain/payment/test-cards';
import { authContent } from '../../web/src/content/auth-content';

/**
 * The product's messages (docs/product.md sections 5 and 8) are requirements word for word. This
 * audit checks that the product says each one exactly and that some test asserts it, by its text
 * or by the constant that holds it. They are copied here as the documentation quotes them, slots
 * ({service}) included, so that a change of wording in the code alone fails.
 */
const SPEC_MESSAGES = [
  // Section 5, validation rules.
  'Please enter a valid email.',
  'Passwords do not match!',
  'Password must be at least 6 characters long',
  // Section 8, the error catalogue. 'Something went wrong' (the newsletter's) and
  // 'Something went wrong!' (the account forms') are two different messages.
  'Something went wrong',
  'Server error. Try again later.',
  'Message sent successfully!',
  'Failed to send message.',
  'Something went wrong while sending the message.',
  'Booking failed',
  'Thank you! We will contact you soon.',
  'Booking confirmed for {service}! A confirmation has been sent to {email}',
  'Payment failed. Please try again.',
  'Something went wrong!',
  'Error occurred. Please try again.',
  'Failed to send reset link!',
  'Google Sign-In Failed',
  'Login Successful!',
  'Signup Successful!',
  'Google Login Successful!',
  'Password reset link sent!',
  'Profile updated successfully!',
];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const THIS_FILE = path.relative(repoRoot, fileURLToPath(import.meta.url));

type MessageValue = string | ((...values: string[]) => string);

/** Every place the product keeps a message, by the name tests refer to it with. */
const MESSAGE_MODULES: Record<string, Record<string, MessageValue>> = {
  AuthMessages,
  BookingMessages,
  ContactMessages,
  NewsletterMessages,
  PaymentMessages,
  CardMessages,
  'copy.messages': authContent.messages,
};

function testFiles(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.test\.tsx?$/.test(entry.name) && relative !== THIS_FILE) {
        found.push({ file: relative, text: readFileSync(path.join(repoRoot, relative), 'utf8') });
      }
    }
  };
  for (const dir of ['api/test', 'workers/test', 'tests', 'web/src']) walk(dir);
  return found;
}

/**
 * What a message constant says with `slots` in its places. A message that formats its argument
 * (a date written out in words) cannot take a placeholder, so it says nothing here: it is not one
 * of the spec's messages, whose slots are plain words.
 */
function textOf(value: unknown, slots: string[]): unknown {
  if (typeof value !== 'function') return value;
  try {
    return (value as (...args: string[]) => unknown)(...slots);
  } catch {
    return undefined;
  }
}

/** Where the product keeps `message`: 'PaymentMessages.confirmed', with slots filled by name. */
function constantsSaying(message: string): string[] {
  const slots = [...message.matchAll(/\{(\w+)\}/g)].map((match) => `{${match[1] ?? ''}}`);
  const names: string[] = [];
  for (const [module, values] of Object.entries(MESSAGE_MODULES)) {
    for (const [key, value] of Object.entries(values)) {
      if (textOf(value, slots) === message) names.push(`${module}.${key}`);
    }
  }
  return names;
}

/** A test asserts the message by its words (slots aside) or names a constant that holds it. */
function testsAsserting(message: string, files: { file: string; text: string }[]): string[] {
  const fragments = message.split(/\{\w+\}/).filter((fragment) => fragment.trim() !== '');
  const constants = constantsSaying(message);
  return files
    .filter(
      ({ text }) =>
        fragments.every((fragment) => text.includes(fragment)) ||
        constants.some((name) => new RegExp(`\\b${name.replace('.', '\\.')}\\b`).test(text)),
    )
    .map(({ file }) => file);
}

const files = testFiles();

describe("docs/product.md's messages", () => {
  it.each(SPEC_MESSAGES)('the product says %j word for word', (message) => {
    expect(constantsSaying(message)).not.toEqual([]);
  });

  it.each(SPEC_MESSAGES)('%j is asserted by a test', (message) => {
    expect(testsAsserting(message, files)).not.toEqual([]);
  });
});

describe('our validation messages for the rules of section 5', () => {
  const validation: [string, Record<string, MessageValue>, string[]][] = [
    ['CardMessages', CardMessages, Object.keys(CardMessages)],
    [
      'BookingMessages',
      BookingMessages,
      [
        'dateRequired',
        'dateFormat',
        'dateInPast',
        'dateTooFar',
        'timeUnknown',
        'serviceUnknown',
        'planUnknown',
        'estimateOnly',
        'postalCodeRequired',
        'postalCodeFormat',
        'imageTooLarge',
        'imageWrongType',
      ],
    ],
    ['FieldMessages', FieldMessages, ['oneLine', 'paragraphs']],
  ];
  const cases = validation.flatMap(([module, values, keys]) =>
    keys.map((key) => [`${module}.${key}`, values[key]] as const),
  );

  it.each(cases)('%s is asserted by a test', (name, value) => {
    // A message that names its field is asserted by its words around the field's label.
    const words = typeof value === 'function' ? value('{field}') : value;
    expect(typeof words).toBe('string');
    const fragments = String(words)
      .split('{field}')
      .filter((fragment) => fragment.trim() !== '');
    const asserted = files.filter(
      ({ text }) =>
        fragments.every((fragment) => text.includes(fragment)) ||
        new RegExp(`\\b${name.replace('.', '\\.')}\\b`).test(text),
    );
    expect(asserted.map(({ file }) => file)).not.toEqual([]);
  });
});
