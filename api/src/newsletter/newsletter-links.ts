import { LinkSigner } from '../links/link-signer';

/** The signed links of the double opt-in and of every newsletter's unsubscribe. */
export class NewsletterLinks {
  private readonly signer: LinkSigner;

  constructor(
    secret: string,
    private readonly siteUrl: string,
  ) {
    this.signer = new LinkSigner(secret);
  }

  private query(purpose: string, subscriberId: string): string {
    return new URLSearchParams({
      subscriber: subscriberId,
      token: this.signer.sign(purpose, subscriberId),
    }).toString();
  }

  verifyConfirm(subscriberId: string, token: unknown): boolean {
    return this.signer.verify('newsletter-confirm', subscriberId, token);
  }

  verifyUnsubscribe(subscriberId: string, token: unknown): boolean {
    return this.signer.verify('newsletter-unsubscribe', subscriberId, token);
  }

  /** The site's page that confirms the address and says so. */
  confirmUrl(subscriberId: string): string {
    return `${this.siteUrl}/newsletter/confirm?${this.query('newsletter-confirm', subscriberId)}`;
  }

  /** The site's page behind the visible 'Unsubscribe' link: it unsubscribes on opening. */
  unsubscribePageUrl(subscriberId: string): string {
    return `${this.siteUrl}/newsletter/unsubscribe?${this.query('newsletter-unsubscribe', subscriberId)}`;
  }

  /** RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` here. */
  oneClickUrl(subscriberId: string): string {
    return `${this.siteUrl}/api/newsletter/unsubscribe?${this.query('newsletter-unsubscribe', subscriberId)}`;
  }
}
