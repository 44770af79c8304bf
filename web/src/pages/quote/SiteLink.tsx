import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A link the API wrote (a quote's address, its newer revision's, where to ask for a new one):
 * on this site it opens in the page (a path, or an address of this origin); an address of another
 * site opens as an ordinary link; anything but http(s) (javascript:, data:) is no link at all.
 */
export type SiteHref =
  | { readonly kind: 'path'; readonly to: string }
  | { readonly kind: 'external'; readonly href: string };

export function siteHrefOf(address: string | null | undefined): SiteHref | null {
  if (address === null || address === undefined || address.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(address, window.location.origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.origin === window.location.origin) {
    return { kind: 'path', to: `${url.pathname}${url.search}${url.hash}` };
  }
  return { kind: 'external', href: url.href };
}

/** An http(s) address, such as the payment provider's page, the browser may be sent to. */
export function isWebAddress(address: string | null): address is string {
  return siteHrefOf(address) !== null;
}

interface SiteLinkProps {
  readonly href: SiteHref;
  readonly className?: string;
  readonly describedBy?: string;
  readonly children: ReactNode;
}

export function SiteLink({ href, className, describedBy, children }: SiteLinkProps) {
  return href.kind === 'path' ? (
    <Link to={href.to} className={className} aria-describedby={describedBy}>
      {children}
    </Link>
  ) : (
    <a href={href.href} className={className} aria-describedby={describedBy}>
      {children}
    </a>
  );
}
