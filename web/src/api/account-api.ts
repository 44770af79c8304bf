import type { BookingView } from '@hs/api/domain/booking/booking-schema';
import type { Profile, ProfileForm } from '@hs/api/domain/profile/profile-schema';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { readAuthToken, useAuthState } from '../auth/auth-storage';
import { ApiError, answerOf, apiRequest, NETWORK_FAILURE } from './api-client';
import { queryKeys } from './query-keys';
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

const LOAD_FAILED = 'Something went wrong!';

/** What a signed-in screen reads: its cache key and its call, both for the signed-in token. */
export interface AccountQuery<T> {
  readonly key: (token: string) => QueryKey;
  readonly load: (token: string, signal: AbortSignal) => Promise<T>;
}

export const profileQuery: AccountQuery<Profile> = {
  key: queryKeys.account.profile,
  load: fetchProfile,
};

export const myBookingsQuery: AccountQuery<BookingView[]> = {
  key: queryKeys.account.bookings,
  load: fetchMyBookings,
};

/**
 * Reads what a signed-in screen shows, again after `retry`, and afresh when another account signs
 * in (the token is part of the key). A 401 (here or from a later call the screen reports through
 * `endSession`) leaves storage as it is and asks the visitor to log in again.
 */
export function useAccountData<T>({ key, load }: AccountQuery<T>): {
  state: AccountData<T>;
  retry: () => void;
  endSession: () => void;
} {
  const { signedIn } = useAuthState();
  const token = signedIn ? readAuthToken() : null;
  // The token whose session a later call found ended: that token reads as ended from then on.
  const [endedFor, setEndedFor] = useState<string | null>(null);
  const query = useQuery({
    queryKey: key(token ?? ''),
    queryFn: ({ signal }) => load(token ?? '', signal),
    enabled: token !== null,
  });
  const { refetch } = query;

  const retry = useCallback(() => {
    void refetch();
  }, [refetch]);
  const endSession = useCallback(() => {
    // The token of the session that ended: still the stored one when a call finds it ended.
    setEndedFor(readAuthToken());
  }, [setEndedFor]);

  const state: AccountData<T> =
    token === null
      ? { status: 'visitor' }
      : endedFor === token || (query.isError && isSessionEnded(query.error))
        ? { status: 'session-ended' }
        : query.isFetching && query.status !== 'success'
          ? { status: 'loading' }
          : query.status === 'success'
            ? { status: 'ready', data: query.data, token }
            : query.isError
              ? {
                  status: 'failed',
                  message: query.error instanceof ApiError ? query.error.message : LOAD_FAILED,
                }
              : { status: 'loading' };
  return { state, retry, endSession };
}
