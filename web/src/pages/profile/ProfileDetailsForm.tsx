import './ProfileDetailsForm.css';
import {
  PROFILE_LIMITS,
  ProfileMessages,
  profileFormSchema,
  type Profile,
  type ProfileForm,
} from '@hs/api/domain/profile/profile-schema';
import { type SubmitEvent, useId, useState } from 'react';
import { ApiError } from '../../api/api-client';
import { isSessionEnded, saveProfile } from '../../api/account-api';
import { Notice } from '../../components/Notice';
import { profileContent as copy, profileFields } from '../../content/account-content';

/** `currentPassword` is not a profile field: it is asked for only while the email changes. */
type FieldName = keyof ProfileForm | 'currentPassword';
type FieldErrors = Partial<Record<FieldName, string>>;
type Message = { readonly tone: 'success' | 'error'; readonly text: string } | null;

const FIELD_ORDER: readonly FieldName[] = [
  ...profileFields.flatMap((field): FieldName[] =>
    field.name === 'email' ? ['email', 'currentPassword'] : [field.name],
  ),
  'bio',
];

function isFieldName(name: PropertyKey | undefined): name is FieldName {
  return FIELD_ORDER.some((field) => field === name);
}

function formValues(profile: Profile): ProfileForm {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    phone: profile.phone,
    address: profile.address,
    city: profile.city,
    state: profile.state,
    zipCode: profile.zipCode,
    country: profile.country,
    dob: profile.dob,
    bio: profile.bio,
  };
}

/** The first message of each field, keeping only fields this form shows. */
function errorsOf(entries: Iterable<readonly [PropertyKey | undefined, string]>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, message] of entries) {
    if (isFieldName(field) && errors[field] === undefined) errors[field] = message;
  }
  return errors;
}

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
  const [values, setValues] = useState(() => formValues(saved));
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<Message>(null);
  const [saving, setSaving] = useState(false);
  const idPrefix = useId();
  const headingId = `${idPrefix}-heading`;
  const fieldId = (name: FieldName) => `${idPrefix}-${name}`;
  const errorId = (name: FieldName) => `${idPrefix}-${name}-error`;
  // The API keeps addresses trimmed and in lower case, as the form's schema sends them.
  const emailChanging = values.email.trim().toLowerCase() !== saved.email;
  const needsPassword = emailChanging && saved.hasPassword;

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = FIELD_ORDER.find((name) => found[name] !== undefined);
    if (first !== undefined) document.getElementById(fieldId(first))?.focus();
  };

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const parsed = profileFormSchema.safeParse(values);
    const found = parsed.success
      ? {}
      : errorsOf(parsed.error.issues.map((issue) => [issue.path[0], issue.message]));
    if (needsPassword && currentPassword === '') {
      found.currentPassword = ProfileMessages.currentPasswordRequired;
    }
    if (!parsed.success || Object.keys(found).length > 0) {
      setMessage({ tone: 'error', text: copy.fixErrors });
      showErrors(found);
      return;
    }
    setSaving(true);
    setErrors({});
    setMessage(null);
    try {
      const { profile, message: saidByServer } = await saveProfile(
        token,
        parsed.data,
        needsPassword ? currentPassword : undefined,
      );
      onSaved(profile);
      setValues(formValues(profile));
      setCurrentPassword('');
      // A new email is not saved yet: the server says what happens next.
      setMessage({ tone: 'success', text: saidByServer ?? ProfileMessages.updated });
    } catch (error) {
      if (isSessionEnded(error)) {
        onSessionEnded();
        return;
      }
      const text = error instanceof ApiError ? error.message : copy.saveFailed;
      setMessage({ tone: 'error', text });
      if (error instanceof ApiError) showErrors(errorsOf(Object.entries(error.fields)));
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => {
    setValues(formValues(saved));
    setCurrentPassword('');
    setErrors({});
    setMessage(null);
  };

  const change = (name: FieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
  };

  const describedBy = (name: FieldName, hintId?: string) =>
    [errors[name] === undefined ? null : errorId(name), hintId].filter(Boolean).join(' ') ||
    undefined;

  const fieldError = (name: FieldName) => {
    const text = errors[name];
    return text === undefined ? null : (
      <p id={errorId(name)} className="profile-form__error">
        {text}
      </p>
    );
  };

  const bioHintId = `${idPrefix}-bio-hint`;
  const passwordHintId = `${idPrefix}-currentPassword-hint`;

  /** What every control carries: its id and name, and where its error and hint are. */
  const controlProps = (name: FieldName, hintId?: string) => ({
    id: fieldId(name),
    name,
    'aria-invalid': errors[name] !== undefined,
    'aria-describedby': describedBy(name, hintId),
  });

  const labelOf = (name: FieldName, text: string, required: boolean) => (
    <label htmlFor={fieldId(name)}>
      {text}
      {required ? <span className="profile-form__required"> {copy.required}</span> : null}
    </label>
  );

  /** What a new email needs: the current password, or a fresh Google sign-in without one. */
  const emailChangeProof = () => {
    if (!emailChanging) return null;
    if (!saved.hasPassword) {
      return <p className="profile-form__hint">{ProfileMessages.googleSignInAgain}</p>;
    }
    return (
      <div className="profile-form__proof">
        {labelOf('currentPassword', copy.currentPasswordLabel, true)}
        <p id={passwordHintId} className="profile-form__hint">
          {copy.currentPasswordHint}
        </p>
        <input
          {...controlProps('currentPassword', passwordHintId)}
          type="password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(event) => {
            setCurrentPassword(event.target.value);
          }}
        />
        {fieldError('currentPassword')}
      </div>
    );
  };

  return (
    <form
      className="form profile-form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        void save(event);
      }}
    >
      <h2 id={headingId}>{copy.detailsHeading}</h2>
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      <div className="profile-form__fields">
        {profileFields.map((field) => {
          const required = field.name === 'firstName' || field.name === 'email';
          return (
            <div className="profile-form__field" key={field.name}>
              {labelOf(field.name, field.label, required)}
              <input
                {...controlProps(field.name)}
                type={field.type}
                autoComplete={field.autoComplete}
                required={required}
                maxLength={field.name === 'dob' ? undefined : PROFILE_LIMITS[field.name]}
                value={values[field.name]}
                onChange={(event) => {
                  change(field.name, event.target.value);
                }}
              />
              {fieldError(field.name)}
              {field.name === 'email' ? emailChangeProof() : null}
            </div>
          );
        })}
        <div className="profile-form__field profile-form__field--wide">
          {labelOf('bio', copy.bioLabel, false)}
          <p id={bioHintId} className="profile-form__hint">
            {copy.bioHint}
          </p>
          <textarea
            {...controlProps('bio', bioHintId)}
            rows={5}
            maxLength={PROFILE_LIMITS.bio}
            value={values.bio}
            onChange={(event) => {
              change('bio', event.target.value);
            }}
          />
          {fieldError('bio')}
        </div>
      </div>
      <div className="button-row">
        <button className="button" type="submit" disabled={saving}>
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
    </form>
  );
}
