import type { BookingView } from '@hs/api/domain/booking/booking-schema';
import type { Profile, ProfileForm } from '@hs/api/domain/profile/profile-schema';
import { useCallback, useEffect, useState } from 'react';
import { readAuthToken, useAuthState } from '../auth/auth-storage';
import { ApiError, answerOf, apiRequest, NETWORK_FAILURE } from './api-client';
import { uploadForm } from './upload';

/** The signed-in user's own calls: Profile Settings and the Dashboard, all behind the Bearer token. */

/** docs/product.md section 3: the user-data key that holds the Profile (cleared by signOut with the rest). */
export const USER_DATA_KEY = 'userData';

const AVATAR_PATH = '/api/me/avatar';
const AVATAR_FIELD = 'avatar';

export function cacheProfile(profile: Profile): void {
  try {
    window.localStorage.setItem(USER_DATA_KEY, JSON.stringify(profile));
  } catch {
    // A full or disabled storage only loses the copy; the API keeps the profile.
  }
}

export function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export async function fetchProfile(token: string, signal: AbortSignal): Promise<Profile> {
  const body = await apiRequest<{ profile: Profile }>('/api/me/profile', { token, signal });
  return body.profile;
}

/**
 * `currentPassword` goes along only with a new email, which it lets the API start changing.
 * `message` is the server's: 'Profile updated successfully!', or what a new email needs next.
 */
export function saveProfile(
  token: string,
  form: ProfileForm,
  currentPassword?: string,
): Promise<{ profile: Profile; message?: string }> {
  return apiRequest<{ profile: Profile; message?: string }>('/api/me/profile', {
    method: 'PUT',
    token,
    body: currentPassword === undefined ? form : { ...form, currentPassword },
  });
}

/** Answers the new picture's path (`/api/me/avatar?v=…`). */
export async function uploadAvatar(
  token: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const form = new FormData();
  form.append(AVATAR_FIELD, file);
  const body = await uploadForm<{ profilePicture: string }>(AVATAR_PATH, form, {
    method: 'PUT',
    token,
    onProgress,
  });
  return body.profilePicture;
}

export async function removeAvatar(token: string): Promise<void> {
  await apiRequest<unknown>(AVATAR_PATH, { method: 'DELETE', token });
}

/**
 * The picture's bytes: it is served only with the Bearer token, which an <img> cannot send.
 * Only our own avatar path is fetched, so the token never goes to an address the profile names.
 */
export async function fetchAvatar(token: string, path: string, signal: AbortSignal): Promise<Blob> {
  if (path !== AVATAR_PATH && !path.startsWith(`${AVATAR_PATH}?`)) {
    throw new ApiError('Unexpected picture address.', 400, {}, false);
  }
  let response: Response;
  try {
    response = await fetch(path, { headers: { Authorization: `Bearer ${token}` }, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_FAILURE, 0, {}, false);
  }
  // answerOf throws the API's own refusal for every status outside 2xx.
  if (!response.ok) answerOf(response.status, await response.json().catch(() => null));
  return response.blob();
}

export async function fetchMyBookings(token: string, signal: AbortSignal): Promise<BookingView[]> {
  const body = await apiRequest<{ bookings: BookingView[] }>('/api/me/bookings', {
    token,
    signal,
  });
  return body.bookings;
}

export type AccountData<T> =
  | { readonly status: 'visitor' }
  | { readonly status: 'session-ended' }
  | { readonly status: 'loading' }
  | { readonly status: 'failed'; readonly message: string }
  | { readonly status: 'ready'; readonly data: T; readonly token: string };

type Outcome<T> = Exclude<AccountData<T>, { status: 'visitor' } | { status: 'loading' }>;

const LOAD_FAILED = 'Something went wrong!';

/**
 * Loads what a signed-in screen shows, again after `retry`, and again when another account signs
 * in. A 401 (here or from a later call the screen reports through `endSession`) leaves storage as
 * it is and asks the visitor to log in again. `load` must be a stable (module-level) function.
 */
export function useAccountData<T>(load: (token: string, signal: AbortSignal) => Promise<T>): {
  state: AccountData<T>;
  retry: () => void;
  endSession: () => void;
} {
  const { signedIn } = useAuthState();
  const token = signedIn ? readAuthToken() : null;
  const [attempt, setAttempt] = useState(0);
  // Each outcome remembers the token and attempt it answers, so a stale one reads as loading.
  const [result, setResult] = useState<{ key: string; outcome: Outcome<T> } | null>(null);
  const key = token === null ? null : `${String(attempt)}:${token}`;

  useEffect(() => {
    if (token === null) return;
    const current = `${String(attempt)}:${token}`;
    const controller = new AbortController();
    load(token, controller.signal).then(
      (data) => {
        setResult({ key: current, outcome: { status: 'ready', data, token } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({
          key: current,
          outcome: isSessionEnded(error)
            ? { status: 'session-ended' }
            : {
                status: 'failed',
                message: error instanceof ApiError ? error.message : LOAD_FAILED,
              },
        });
      },
    );
    return () => {
      controller.abort();
    };
  }, [attempt, token, load]);

  const retry = useCallback(() => {
    setAttempt((count) => count + 1);
  }, []);
  const endSession = useCallback(() => {
    if (key !== null) setResult({ key, outcome: { status: 'session-ended' } });
  }, [key]);

  const state: AccountData<T> =
    key === null
      ? { status: 'visitor' }
      : result?.key === key
        ? result.outcome
        : { status: 'loading' };
  return { state, retry, endSession };
}
