import { passwordResetEmail, welcomeEmail } from '@hs/api/accounts/auth-emails';
import type { PasswordResetService } from '@hs/api/accounts/password-reset-service';
import { UserModel } from '@hs/api/accounts/user-model';
import { jobs } from '@hs/api/jobs/job-definitions';
import { EmailDeliveryModel } from '@hs/api/mail/email-delivery-model';
import { sendOnce } from '@hs/api/mail/send-once';
import type { Mailer } from '@hs/api/platform/mailer';
import { defineProcessor } from '../processor';

export interface AuthEmailDependencies {
  mailer: Mailer;
  passwordResets: PasswordResetService;
  siteUrl: string;
}

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
      const { token } = await deps.passwordResets.issueToken(userId);
      const link = `${deps.siteUrl}/reset-password/${token}`;
      await sendOnce(
        deps.mailer,
        key,
        passwordResetEmail(user, link, deps.passwordResets.validForMinutes),
      );
      log.info({ userId }, 'password reset email sent');
    }),
    defineProcessor(jobs.welcomeEmail, async ({ userId }, { jobId, log }) => {
      const user = await UserModel.findById(userId);
      if (!user) return;
      const result = await sendOnce(
        deps.mailer,
        `${jobs.welcomeEmail.name}:${jobId}`,
        welcomeEmail(user, deps.siteUrl),
      );
      log.info({ userId, result }, 'welcome email handled');
    }),
  ];
}
