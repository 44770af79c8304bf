import './ProfileDetailsForm.css';
import { PROFILE_LIMITS, type Profile } from '@hs/api/domain/profile/profile-schema';
import { useEffect, useId, useRef } from 'react';
import { Notice } from '../../components/Notice';
import { profileContent as copy, profileFields } from '../../content/account-content';
import { EmailChangeProof } from './EmailChangeProof';
import { profileFieldIds } from './profile-form-fields';
import { ProfileFieldError, ProfileFieldLabel } from './ProfileFieldParts';
import { useProfileSave } from './use-profile-save';

interface ProfileDetailsFormProps {
  readonly token: string;
  readonly saved: Profile;
  readonly onSaved: (profile: Profile) => void;
  readonly onSessionEnded: () => void;
}

/** The details and About text, checked with the API's own rules before PUT /api/me/profile. */
export function ProfileDetailsForm({
  token,
  saved,
  onSaved,
  onSessionEnded,
}: ProfileDetailsFormProps) {
  const idPrefix = useId();
  const headingId = `${idPrefix}-heading`;
  const {
    values,
    currentPassword,
    setCurrentPassword,
    errors,
    message,
    saving,
    emailChanging,
    save,
    cancel,
    change,
  } = useProfileSave({
    token,
    saved,
    onSaved,
    onSessionEnded,
    fieldId: (name) => `${idPrefix}-${name}`,
  });
  const ids = profileFieldIds(idPrefix, errors);
  const bioHintId = ids.hintId('bio');
  const messageBox = useRef<HTMLDivElement>(null);

  // The message sits under the buttons; on a short screen it could still fall below the fold.
  useEffect(() => {
    if (message !== null) messageBox.current?.scrollIntoView({ block: 'nearest' });
  }, [message]);

  return (
    <form
      className="form profile-form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        save(event);
      }}
    >
      <h2 id={headingId}>{copy.detailsHeading}</h2>
      <div className="profile-form__fields">
        {profileFields.map((field) => {
          const required = field.name === 'firstName' || field.name === 'email';
          return (
            <div className="profile-form__field" key={field.name}>
              <ProfileFieldLabel
                htmlFor={ids.fieldId(field.name)}
                text={field.label}
                required={required}
              />
              <input
                {...ids.control(field.name)}
                type={field.type}
                autoComplete={field.autoComplete}
                required={required}
                maxLength={field.name === 'dob' ? undefined : PROFILE_LIMITS[field.name]}
                value={values[field.name]}
                onChange={(event) => {
                  change(field.name, event.target.value);
                }}
              />
              <ProfileFieldError id={ids.errorId(field.name)} text={errors[field.name]} />
              {field.name === 'email' && emailChanging ? (
                <EmailChangeProof
                  ids={ids}
                  hasPassword={saved.hasPassword}
                  currentPassword={currentPassword}
                  error={errors.currentPassword}
                  onChange={setCurrentPassword}
                />
              ) : null}
            </div>
          );
        })}
        <div className="profile-form__field profile-form__field--wide">
          <ProfileFieldLabel htmlFor={ids.fieldId('bio')} text={copy.bioLabel} required={false} />
          <p id={bioHintId} className="profile-form__hint">
            {copy.bioHint}
          </p>
          <textarea
            {...ids.control('bio', bioHintId)}
            rows={5}
            maxLength={PROFILE_LIMITS.bio}
            value={values.bio}
            onChange={(event) => {
              change('bio', event.target.value);
            }}
          />
          <ProfileFieldError id={ids.errorId('bio')} text={errors.bio} />
        </div>
      </div>
      <div className="button-row">
        {/* Not disabled while saving: a disabled button loses the focus to the page's start.
            The save ignores presses while one is under way. */}
        <button className="button" type="submit" aria-disabled={saving ? true : undefined}>
          {saving ? copy.saving : copy.save}
        </button>
        <button
          className="button button--secondary"
          type="button"
          disabled={saving}
          onClick={cancel}
        >
          {copy.cancel}
        </button>
      </div>
      {/* Beside the button just pressed, where the person is looking; the focus stays on it. */}
      <div ref={messageBox} className="profile-form__message">
        {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      </div>
    </form>
  );
}
