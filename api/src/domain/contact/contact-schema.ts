import '../zod-config';
import { z } from 'zod';
import { emailField } from '../auth/auth-schemas';
import { lineOfText, plainText } from '../form-fields';
import { CONTACT_LIMITS, ContactMessages, HONEYPOT_FIELD } from './contact-messages';

/**
 * The contact form of docs/product.md sections 2, 3 and 5, shared by the API and the site.
 * Browser-safe: zod and domain/ only.
 */

export const contactSchema = z.object({
  fullName: lineOfText('Full name', CONTACT_LIMITS.fullName, true),
  email: emailField,
  // docs/product.md: phone is free text. One line, so it cannot reach an email header as two.
  phone: lineOfText('Phone', CONTACT_LIMITS.phone, true),
  subject: lineOfText('Subject', CONTACT_LIMITS.subject, true),
  message: plainText(
    z
      .string({
        error: (issue) =>
          issue.input === undefined ? ContactMessages.messageRequired : 'Message must be text.',
      })
      .trim()
      .min(1, ContactMessages.messageRequired)
      .max(
        CONTACT_LIMITS.message,
        `Message must be at most ${String(CONTACT_LIMITS.message)} characters.`,
      ),
    'Message',
    'paragraphs',
  ),
  /** The service the visitor came from (the Services page passes it along). */
  service: lineOfText('Service', CONTACT_LIMITS.service).optional(),
  [HONEYPOT_FIELD]: z.string().max(1_000).optional(),
});

export type ContactForm = z.infer<typeof contactSchema>;
