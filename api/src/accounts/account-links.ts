import { LinkSigner } from '../links/link-signer';

const VERIFY_EMAIL = 'account-verify-email';

/**
 * The links of the account emails. The welcome email's 'confirm your email' link signs the
 * account id together with the address it was sent to, so it proves that mailbox only: once the
 * account moves to another address, the old link confirms nothing.
 */
export class AccountLinks {
  private readonly signer: LinkSigner;

  constructor(
    secret: string,
    private readonly siteUrl: string,
  ) {
    this.signer = new LinkSigner(secret);
  }

  verifyEmailUrl(userId: string, email: string): string {
    const query = new URLSearchParams({
      user: userId,
      token: this.signer.sign(VERIFY_EMAIL, `${userId}:${email}`),
    });
    return `${this.siteUrl}/account/verify-email?${query.toString()}`;
  }

  verifiesEmail(userId: string, email: string, token: unknown): boolean {
    return this.signer.verify(VERIFY_EMAIL, `${userId}:${email}`, token);
  }

  /** The site's page that posts the token of an email change to the API. */
  confirmEmailChangeUrl(token: string): string {
    return `${this.siteUrl}/account/confirm-email?${new URLSearchParams({ token }).toString()}`;
  }

  resetPasswordUrl(token: string): string {
    return `${this.siteUrl}/reset-password/${token}`;
  }
}
