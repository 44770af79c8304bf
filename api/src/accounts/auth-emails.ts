import { Company } from '../domain/company';
import { renderEmail } from '../mail/email-layout';
import type { MailMessage } from '../platform/mailer';
import type { UserDocument } from './user-model';

/**
 * No name: anyone can register any address with a first name of their choosing ('Visit
 * evil.example.com to claim $500'), and the welcome email would carry it to a stranger under our
 * name. Account emails hold no text a visitor typed.
 */
const GREETING = 'Hello,';

function validityOf(minutes: number): string {
  return minutes % 60 === 0
    ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}`
    : `${minutes} minutes`;
}

export function passwordResetEmail(
  user: UserDocument,
  link: string,
  validForMinutes: number,
): MailMessage {
  return renderEmail({
    to: user.email,
    subject: `Reset your ${Company.name} password`,
    paragraphs: [
      GREETING,
      `Someone asked to reset the password of your ${Company.name} account. If it was you, choose a new password with the link below. It works once and expires in ${validityOf(validForMinutes)}.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: link },
  });
}

/**
 * `confirmUrl`: the signed link that proves the address, for an account whose address nobody has
 * proved yet (one made by Google sign-in starts proved).
 */
export function welcomeEmail(
  user: { email: string },
  siteUrl: string,
  confirmUrl: string | null,
): MailMessage {
  const thanks = `Thank you for creating your ${Company.name} account. You can now book cleaning, gardening, landscaping and more in a few clicks, and follow your bookings from your account.`;
  const questions = `Questions? Reply to this email or call us at ${Company.phone}.`;
  if (confirmUrl === null) {
    return renderEmail({
      to: user.email,
      subject: `Welcome to ${Company.name}`,
      paragraphs: [GREETING, thanks, questions],
      action: { label: 'Book a service', url: `${siteUrl}/service/service1` },
    });
  }
  return renderEmail({
    to: user.email,
    subject: `Welcome to ${Company.name}`,
    paragraphs: [
      GREETING,
      thanks,
      'Please confirm that this email address is yours with the link below. It keeps your account yours, and lets you sign in with Google later if you like.',
      `If you did not create this account, ignore this email, or call us at ${Company.phone}.`,
    ],
    action: { label: 'Confirm your email', url: confirmUrl },
  });
}

/** To the new address: the link that moves the account there. */
export function emailChangeConfirmationEmail(
  to: string,
  link: string,
  validForHours: number,
): MailMessage {
  return renderEmail({
    to,
    subject: `Confirm your new ${Company.name} email address`,
    paragraphs: [
      GREETING,
      `Someone asked to use this address to sign in to a ${Company.name} account. If it was you, confirm it with the link below. It works once and expires in ${validityOf(validForHours * 60)}.`,
      'If you did not ask for this, ignore this email: nothing changes without the link.',
    ],
    action: { label: 'Confirm this email address', url: link },
  });
}

/**
 * To the address the account is moving away from. It never names the new address (what the
 * requester typed). While the change waits for its link it carries a reset link: choosing a new
 * password cancels the change and signs out every session. `reset` is null once the account has
 * moved (the notice went out late): a reset link would open nothing for an address the account
 * no longer uses, so the notice only tells, and says whom to call.
 */
export function emailChangeNoticeEmail(
  to: string,
  reset: { link: string; validForMinutes: number } | null,
): MailMessage {
  if (reset === null) {
    return renderEmail({
      to,
      subject: `The email address of your ${Company.name} account has changed`,
      paragraphs: [
        GREETING,
        `Someone signed in to your ${Company.name} account changed the email address it uses, and confirmed the change from the new address. This address no longer signs in to the account.`,
        'If it was you, there is nothing more to do here.',
        `If it was not you, call us at ${Company.phone} and we will help you get your account back.`,
      ],
    });
  }
  return renderEmail({
    to,
    subject: `The email address of your ${Company.name} account is changing`,
    paragraphs: [
      GREETING,
      `Someone signed in to your ${Company.name} account asked to change the email address it uses. The change happens only once the link we sent to the new address is followed.`,
      'If it was you, there is nothing more to do here.',
      `If it was not you, choose a new password now with the link below: it cancels the change and signs out every device. The link works once and expires in ${validityOf(reset.validForMinutes)}; after that, use "Forgot password" on the sign-in page. Questions? Call us at ${Company.phone}.`,
    ],
    action: { label: 'Secure my account', url: reset.link },
  });
}
