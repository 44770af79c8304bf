import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * How long the success message stays before the visitor is sent home. docs/product.md's alert held the
 * page until dismissed; an in-page notice needs a moment to be read and announced.
 */
export const SIGNED_IN_REDIRECT_MS = 1500;

/** Once started, sends the visitor home after SIGNED_IN_REDIRECT_MS. */
export function useSignedInRedirect(): { readonly redirecting: boolean; start: () => void } {
  const navigate = useNavigate();
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => {
    if (!redirecting) return;
    const timer = window.setTimeout(() => {
      void navigate('/');
    }, SIGNED_IN_REDIRECT_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [redirecting, navigate]);

  const start = useCallback(() => {
    setRedirecting(true);
  }, []);
  return { redirecting, start };
}
