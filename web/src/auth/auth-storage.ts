import { useSyncExternalStore } from 'react';

/**
 * The signed-in state as docs/product.md section 3 keeps it in the browser: a visitor is signed in while
 * `authToken` is in localStorage, and `username` holds the name the header welcomes.
 */
export const AUTH_TOKEN_KEY = 'authToken';
export const USERNAME_KEY = 'username';

/**
 * The `storage` event reaches only the other tabs, so this tab's own changes are announced with
 * an event of ours.
 */
const AUTH_CHANGE_EVENT = 'hs:auth-change';

export interface AuthState {
  readonly signedIn: boolean;
  readonly name: string;
}

const SIGNED_OUT: AuthState = { signedIn: false, name: '' };

// Storage may be switched off (a blocked-cookies setting, some private windows): reading it then
// throws, and such a visitor simply counts as signed out.
function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

let lastSnapshot: AuthState = SIGNED_OUT;

/** The same object while nothing changed: useSyncExternalStore compares snapshots by identity. */
function readAuthState(): AuthState {
  const signedIn = readItem(AUTH_TOKEN_KEY) !== null;
  const name = signedIn ? (readItem(USERNAME_KEY) ?? '') : '';
  if (lastSnapshot.signedIn !== signedIn || lastSnapshot.name !== name) {
    lastSnapshot = { signedIn, name };
  }
  return lastSnapshot;
}

function notifyAuthChange(): void {
  window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // A null key means another tab cleared the whole storage.
    if (event.key === null || event.key === AUTH_TOKEN_KEY || event.key === USERNAME_KEY) {
      onChange();
    }
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(AUTH_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(AUTH_CHANGE_EVENT, onChange);
  };
}

/** Whether the visitor is signed in and the name to greet, following sign-ins in any tab. */
export function useAuthState(): AuthState {
  return useSyncExternalStore(subscribe, readAuthState, () => SIGNED_OUT);
}

/** The signed-in user's token for API calls, or null for a visitor. */
export function readAuthToken(): string | null {
  return readItem(AUTH_TOKEN_KEY);
}

export type TokenRole = 'customer' | 'admin' | 'unknown';

/**
 * The role the login token was issued with (its `role` claim), read without checking the
 * signature: it only decides what the site offers, and the API checks every admin call itself.
 * Reading the token keeps the sign-in screens unchanged and cannot outlive the session it names.
 */
export function tokenRole(token: string | null): TokenRole {
  const payload = token?.split('.')[1];
  if (payload === undefined) return 'unknown';
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    const role =
      typeof claims === 'object' && claims !== null && 'role' in claims ? claims.role : null;
    return role === 'admin' || role === 'customer' ? role : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The signed-in user's role as the token says it, following sign-ins in any tab. */
export function useTokenRole(): TokenRole {
  return useSyncExternalStore(
    subscribe,
    () => tokenRole(readItem(AUTH_TOKEN_KEY)),
    () => 'unknown',
  );
}

/** What a successful login, sign-up or Google sign-in keeps (docs/product.md section 4). */
export function saveSignIn(token: string, name: string): void {
  window.localStorage.setItem(AUTH_TOKEN_KEY, token);
  window.localStorage.setItem(USERNAME_KEY, name);
  notifyAuthChange();
}

/** docs/product.md section 4: logging out clears all local storage, the cached profile included. */
export function signOut(): void {
  try {
    window.localStorage.clear();
  } catch {
    // Storage that cannot be read holds no sign-in to clear.
  }
  notifyAuthChange();
}
