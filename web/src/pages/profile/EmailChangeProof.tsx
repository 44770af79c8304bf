import { ProfileMessages } from '@hs/api/domain/profile/profile-schema';
import { profileContent as copy } from '../../content/account-content';
import type { ProfileFieldIds } from './profile-form-fields';
import { ProfileFieldError, ProfileFieldLabel } from './ProfileFieldParts';

interface EmailChangeProofProps {
  readonly ids: ProfileFieldIds;
  /** Accounts made with Google have no password to ask for. */
  readonly hasPassword: boolean;
  readonly currentPassword: string;
  readonly error: string | undefined;
  readonly onChange: (value: string) => void;
}

/** What a new email needs: the current password, or a fresh Google sign-in without one. */
export function EmailChangeProof({
  ids,
  hasPassword,
  currentPassword,
  error,
  onChange,
}: EmailChangeProofProps) {
  if (!hasPassword) {
    return <p className="profile-form__hint">{ProfileMessages.googleSignInAgain}</p>;
  }
  const hintId = ids.hintId('currentPassword');
  return (
    <div className="profile-form__proof">
      <ProfileFieldLabel
        htmlFor={ids.fieldId('currentPassword')}
        text={copy.currentPasswordLabel}
        required
      />
      <p id={hintId} className="profile-form__hint">
        {copy.currentPasswordHint}
      </p>
      <input
        {...ids.control('currentPassword', hintId)}
        type="password"
        autoComplete="current-password"
        required
        value={currentPassword}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      <ProfileFieldError id={ids.errorId('currentPassword')} text={error} />
    </div>
  );
}
