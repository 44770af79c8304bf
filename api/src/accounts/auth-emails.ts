import { Company } from '../domain/company';
import { renderEmail } from '../mail/email-layout';
import type { MailMessage } from '../platform/mailer';
import type { UserDocument } from './user-model';

const greeting = (user: UserDocument) => `Hello ${user.firstName || 'there'},`;

export function passwordResetEmail(
  user: UserDocument,
  link: string,
  validForMinutes: number,
): MailMessage {
  const validity =
    validForMinutes % 60 === 0
      ? `${validForMinutes / 60} hour${validForMinutes === 60 ? '' : 's'}`
      : `${validForMinutes} minutes`;
  return renderEmail({
    to: user.email,
    subject: `Reset your ${Company.name} password`,
    paragraphs: [
      greeting(user),
      `Someone asked to reset the password of your ${Company.name} account. If it was you, choose a new password with the link below. It works once and expires in ${validity}.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: link },
  });
}

export function welcomeEmail(user: UserDocument, siteUrl: string): MailMessage {
  return renderEmail({
    to: user.email,
    subject: `Welcome to ${Company.name}`,
    paragraphs: [
      greeting(user),
      `Thank you for creating your ${Company.name} account. You can now book cleaning, gardening, landscaping and more in a few clicks, and follow your bookings from your account.`,
      `Questions? Reply to this email or call us at ${Company.phone}.`,
    ],
    action: { label: 'Book a service', url: `${siteUrl}/service/service1` },
  });
}
