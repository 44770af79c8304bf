import type { Profile } from '@hs/api/domain/profile/profile-schema';
import { useCallback, useEffect, useState } from 'react';
import { cacheProfile } from '../../api/account-api';
import { AvatarPanel } from './AvatarPanel';
import { ProfileDetailsForm } from './ProfileDetailsForm';

interface ProfileEditorProps {
  readonly initial: Profile;
  readonly token: string;
  readonly onSessionEnded: () => void;
}

/**
 * Keeps the last saved profile: the form's Cancel goes back to it, and the photo, saved the moment
 * it is uploaded or removed, updates it on its own.
 */
export function ProfileEditor({ initial, token, onSessionEnded }: ProfileEditorProps) {
  const [saved, setSaved] = useState(initial);

  useEffect(() => {
    cacheProfile(saved);
  }, [saved]);

  const pictureChanged = useCallback((profilePicture: string) => {
    setSaved((profile) => ({ ...profile, profilePicture }));
  }, []);

  return (
    <div className="profile-page__layout">
      <AvatarPanel
        token={token}
        picture={saved.profilePicture}
        onChange={pictureChanged}
        onSessionEnded={onSessionEnded}
      />
      <ProfileDetailsForm
        token={token}
        saved={saved}
        onSaved={setSaved}
        onSessionEnded={onSessionEnded}
      />
    </div>
  );
}
