import { readAuthToken, signOut } from './auth-storage';

/**
 * Logs out: the API ends the token first, so a copy of it (another tab, a leaked log) stops
 * working too; then the browser forgets it (docs/product.md section 4). The request is sent before the
 * storage is cleared but not waited for: the visitor is signed out here at once, whether or not
 * the server can be reached, and `keepalive` lets the request finish if the tab closes.
 * Kept apart from api/auth-api.ts: the header loads it on every page.
 */
export function logOut(): void {
  const token = readAuthToken();
  if (token !== null) {
    fetch('/api/auth/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      keepalive: true,
    }).catch(() => undefined);
  }
  signOut();
}
