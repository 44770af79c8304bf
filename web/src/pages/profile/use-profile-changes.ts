import type { Profile, ProfileForm } from '@hs/api/domain/profile/profile-schema';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { removeAvatar, saveProfile, uploadAvatar } from '../../api/account-api';
import { queryKeys } from '../../api/query-keys';

/** The cached profile as a change left it, so the page shows it again as saved. */
function updateProfile(client: QueryClient, token: string, change: (profile: Profile) => Profile) {
  client.setQueryData<Profile>(queryKeys.account.profile(token), (profile) =>
    profile === undefined ? profile : change(profile),
  );
}

/** The pictures read before are no longer the profile's: dropped, and their blob: URLs revoked. */
function forgetPictures(client: QueryClient, token: string) {
  client.removeQueries({ queryKey: queryKeys.account.avatars(token) });
}

/** PUT /api/me/profile; the answer is the profile as saved. */
export function useProfileUpdate(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ form, currentPassword }: { form: ProfileForm; currentPassword?: string }) =>
      saveProfile(token, form, currentPassword),
    onSuccess: ({ profile }) => {
      updateProfile(client, token, () => profile);
    },
  });
}

/** PUT /api/me/avatar; the answer is the new picture's path. */
export function useAvatarUpload(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      uploadAvatar(token, file, onProgress),
    onSuccess: (profilePicture) => {
      forgetPictures(client, token);
      updateProfile(client, token, (profile) => ({ ...profile, profilePicture }));
    },
  });
}

/** DELETE /api/me/avatar. */
export function useAvatarRemoval(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => removeAvatar(token),
    onSuccess: () => {
      forgetPictures(client, token);
      updateProfile(client, token, (profile) => ({ ...profile, profilePicture: '' }));
    },
  });
}
