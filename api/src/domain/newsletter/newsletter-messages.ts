/** What the newsletter says to people (docs/product.md section 8). Plain strings: the footer form imports
 * them without zod, which would otherwise load with every page. */
export const NewsletterMessages = {
  invalidEmail: 'Please enter a valid email.',
  notOk: 'Something went wrong',
  networkFailure: 'Server error. Try again later.',
  checkInbox:
    'Thank you! Please check your inbox and click the link in our email to confirm your subscription.',
  confirmed: 'Your subscription is confirmed. Welcome to the Home Services newsletter!',
  unsubscribed: 'You are unsubscribed. You will not receive our newsletter any more.',
  linkInvalid: 'This link is not valid. Please use the link in our most recent email.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
} as const;
