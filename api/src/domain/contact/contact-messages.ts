/**
 * The contact form's words and limits (docs/product.md sections 5 and 8). Plain values: the site's
 * contact page imports them without loading zod.
 */
export const ContactMessages = {
  sent: 'Message sent successfully!',
  failed: 'Failed to send message.',
  exception: 'Something went wrong while sending the message.',
  messageRequired: 'Message is required.',
  tooManyMessages:
    'You have sent several messages in a short time. Please wait a few minutes, or call us.',
} as const;

export const CONTACT_LIMITS = {
  fullName: 100,
  email: 254,
  phone: 30,
  subject: 200,
  message: 5_000,
  service: 100,
} as const;

/** The field people never see and never fill: a form that fills it is a robot's. */
export const HONEYPOT_FIELD = 'website';
