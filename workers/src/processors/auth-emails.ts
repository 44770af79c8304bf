import type { AccountLinks } from '@hs/api/accounts/account-links';
import {
  emailChangeConfirmationEmail,
  emailChangeNoticeEmail,
  passwordResetEmail,
  welcomeEmail,
} from '@hs/api/accounts/auth-emails';
import { EmailChangeModel } from '@hs/api/accounts/email-change-model';
import {
  EMAIL_CHANGE_TTL_HOURS,
  type EmailChangeService,
} from '@hs/api/accounts/email-change-service';
import type { PasswordResetService } from '@hs/api/accounts/password-reset-service';
import { UserModel } from '@hs/api/accounts/user-model';
import { jobs } from '@hs/api/jobs/job-definitions';
import { EmailDeliveryModel } from '@hs/api/mail/email-delivery-model';
import type { OnceSender } from '@hs/api/mail/send-once';
import { defineProcessor } from '../processor';

export interface AuthEmailDependencies {
  sender: OnceSender;
  passwordResets: PasswordResetService;
  /** Only mints the links' tokens here. */
  emailChanges: Pick<EmailChangeService, 'issueToken'>;
  accountLinks: AccountLinks;
  siteUrl: string;
}

/**
 * Whether the email of `key` may already be with the server: then a repeat of its job must not
 * mint another live token (sendOnce would not send the email that carries it anyway).
 */
const mayHaveBeenSent = async (key: string) =>
  Boolean(
    await EmailDeliveryModel.exists({
      key,
      $or: [{ sentAt: { $ne: null } }, { committedAt: { $ne: null } }],
    }),
  );

export function authEmailProcessors(deps: AuthEmailDependencies) {
  return [
    defineProcessor(jobs.passwordResetEmail, async ({ userId }, { jobId, log }) => {
      const key = `${jobs.passwordResetEmail.name}:${jobId}`;
      // A repeat of a job that already sent its email must not mint another live token.
      if (await EmailDeliveryModel.exists({ key, sentAt: { $ne: null } })) return;
      const user = await UserModel.findById(userId);
      if (!user) {
        log.info({ userId }, 'account gone before its reset email; nothing to send');
        return;
      }
      const { token } = await deps.passwordResets.issueToken(userId, user.email);
      await deps.sender.send(
        key,
        passwordResetEmail(
          user,
          deps.accountLinks.resetPasswordUrl(token),
          deps.passwordResets.validForMinutes,
        ),
      );
      log.info({ userId }, 'password reset email sent');
    }),
    defineProcessor(jobs.welcomeEmail, async ({ userId }, { jobId, log }) => {
      const user = await UserModel.findById(userId);
      if (!user) return;
      const confirmUrl = user.emailVerifiedAt
        ? null
        : deps.accountLinks.verifyEmailUrl(user.id as string, user.email);
      const result = await deps.sender.send(
        `${jobs.welcomeEmail.name}:${jobId}`,
        welcomeEmail(user, deps.siteUrl, confirmUrl),
      );
      log.info({ userId, result }, 'welcome email handled');
    }),
    defineProcessor(jobs.emailChangeConfirmation, async ({ requestId }, { jobId, log }) => {
      const key = `${jobs.emailChangeConfirmation.name}:${jobId}`;
      if (await mayHaveBeenSent(key)) return;
      const issued = await deps.emailChanges.issueToken(requestId);
      if (!issued) {
        log.info({ requestId }, 'email change voided, expired or its address taken; nothing sent');
        return;
      }
      await deps.sender.send(
        key,
        emailChangeConfirmationEmail(
          issued.newEmail,
          deps.accountLinks.confirmEmailChangeUrl(issued.token),
          EMAIL_CHANGE_TTL_HOURS,
        ),
      );
      log.info({ requestId }, 'email change confirmation sent');
    }),
    defineProcessor(jobs.emailChangeNotice, async ({ requestId }, { jobId, log }) => {
      const key = `${jobs.emailChangeNotice.name}:${jobId}`;
      if (await mayHaveBeenSent(key)) return;
      // Sent even once the change is confirmed or voided: the old address hears of it either way.
      const change = await EmailChangeModel.findById(requestId);
      if (!change) {
        log.info({ requestId }, 'email change gone before its notice; nothing to send');
        return;
      }
      // Once the account has moved, the old address gets no reset link: it would open nothing.
      let reset: { link: string; validForMinutes: number } | null = null;
      if (await UserModel.exists({ _id: change.userId, email: change.previousEmail })) {
        const userId = String(change.userId);
        const { token } = await deps.passwordResets.issueToken(userId, change.previousEmail);
        reset = {
          link: deps.accountLinks.resetPasswordUrl(token),
          validForMinutes: deps.passwordResets.validForMinutes,
        };
      }
      await deps.sender.send(key, emailChangeNoticeEmail(change.previousEmail, reset));
      log.info({ requestId }, 'email change notice sent');
    }),
  ];
}
