import { LinkSigner } from './link-signer';

/**
 * Expiries are rounded down to the minute (a link lives its time less up to a minute), so lists
 * fetched within the same minute name the same address and the browser can use its cache.
 */
const ROUND_SECONDS = 60;

/**
 * Addresses in the admin area that an <img> or a frame opens without the admin's Bearer token:
 * the address is the credential. The id and an expiry, signed with LINK_SECRET under a purpose
 * of the address's own, so no other signed link opens it and it opens nothing else.
 */
export class ExpiringLinks {
  private readonly signer: LinkSigner;

  constructor(
    secret: string,
    private readonly purpose: string,
    readonly ttlSeconds: number,
  ) {
    this.signer = new LinkSigner(secret);
  }

  private signature(id: string, expires: number): string {
    return this.signer.sign(this.purpose, `${id}:${String(expires)}`);
  }

  /** The query string (`expires=...&sig=...`) that opens `id` for the next few minutes. */
  query(id: string, now = Date.now()): string {
    const nowSeconds = Math.floor(now / 1000);
    const expires = Math.floor((nowSeconds + this.ttlSeconds) / ROUND_SECONDS) * ROUND_SECONDS;
    return new URLSearchParams({
      expires: String(expires),
      sig: this.signature(id, expires),
    }).toString();
  }

  /** True for a signature we made for this id and expiry, while the expiry is ahead. */
  verify(id: string, expires: unknown, sig: unknown, now = Date.now()): boolean {
    if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
    const expiresAt = Number(expires);
    // An expiry further out than any we issue was not made by us, whatever its signature says.
    const nowSeconds = Math.floor(now / 1000);
    if (expiresAt <= nowSeconds || expiresAt > nowSeconds + this.ttlSeconds) return false;
    return this.signer.verify(this.purpose, `${id}:${expires}`, sig);
  }
}
