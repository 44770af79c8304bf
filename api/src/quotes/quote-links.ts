import { LinkSigner } from '../links/link-signer';

const PURPOSE = 'quote';

/**
 * The customer's link to one quote revision: its id signed under a purpose of its own, so no other
 * link's token opens a quote and no quote's token opens another. No expiry in the link: the
 * quote's validity date decides what the page allows, and the page says so.
 */
export class QuoteLinks {
  private readonly signer: LinkSigner;

  constructor(
    secret: string,
    private readonly siteUrl: string,
  ) {
    this.signer = new LinkSigner(secret);
  }

  token(quoteId: string): string {
    return this.signer.sign(PURPOSE, quoteId);
  }

  url(quoteId: string): string {
    const query = new URLSearchParams({ token: this.token(quoteId) });
    return `${this.siteUrl}/quotes/${encodeURIComponent(quoteId)}?${query.toString()}`;
  }

  verify(quoteId: string, token: unknown): boolean {
    return this.signer.verify(PURPOSE, quoteId, token);
  }
}
