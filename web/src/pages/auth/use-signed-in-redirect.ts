import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

/**
 * How long the success message stays before the visitor is sent home. docs/product.md's alert held the
 * page until dismissed; an in-page notice needs a moment to be read and announced.
 */
export const SIGNED_IN_REDIRECT_MS = 1500;

/**
 * Where the login page's `next` asks to go afterwards (a signed-out operator sent to log in from
 * the queue dashboard, say): a path of this site only, never another origin, else home.
 */
export function afterSignIn(next: string | null): string {
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) {
    return '/';
  }
  return next;
}

/** Once started, sends the visitor on (`?next=`, else home) after SIGNED_IN_REDIRECT_MS. */
export function useSignedInRedirect(): { readonly redirecting: boolean; start: () => void } {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const destination = afterSignIn(params.get('next'));
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => {
    if (!redirecting) return;
    const timer = window.setTimeout(() => {
      void navigate(destination);
    }, SIGNED_IN_REDIRECT_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [redirecting, navigate, destination]);

  const start = useCallback(() => {
    setRedirecting(true);
  }, []);
  return { redirecting, start };
}
