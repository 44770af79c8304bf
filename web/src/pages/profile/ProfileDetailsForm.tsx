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

type FieldName = keyof ProfileForm;
type FieldErrors = Partial<Record<FieldName, string>>;
type Message = { readonly tone: 'success' | 'error'; readonly text: string } | null;

const FIELD_ORDER: readonly FieldName[] = [...profileFields.map((field) => field.name), 'bio'];

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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<Message>(null);
  const [saving, setSaving] = useState(false);
  const idPrefix = useId();
  const headingId = `${idPrefix}-heading`;
  const fieldId = (name: FieldName) => `${idPrefix}-${name}`;
  const errorId = (name: FieldName) => `${idPrefix}-${name}-error`;

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = FIELD_ORDER.find((name) => found[name] !== undefined);
    if (first !== undefined) document.getElementById(fieldId(first))?.focus();
  };

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const parsed = profileFormSchema.safeParse(values);
    if (!parsed.success) {
      setMessage({ tone: 'error', text: copy.fixErrors });
      showErrors(errorsOf(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      return;
    }
    setSaving(true);
    setErrors({});
    setMessage(null);
    try {
      const { profile } = await saveProfile(token, parsed.data);
      onSaved(profile);
      setValues(formValues(profile));
      setMessage({ tone: 'success', text: ProfileMessages.updated });
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
              <label htmlFor={fieldId(field.name)}>
                {field.label}
                {required ? <span className="profile-form__required"> {copy.required}</span> : null}
              </label>
              <input
                id={fieldId(field.name)}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                required={required}
                maxLength={field.name === 'dob' ? undefined : PROFILE_LIMITS[field.name]}
                value={values[field.name]}
                aria-invalid={errors[field.name] !== undefined}
                aria-describedby={describedBy(field.name)}
                onChange={(event) => {
                  change(field.name, event.target.value);
                }}
              />
              {fieldError(field.name)}
            </div>
          );
        })}
        <div className="profile-form__field profile-form__field--wide">
          <label htmlFor={fieldId('bio')}>{copy.bioLabel}</label>
          <p id={bioHintId} className="profile-form__hint">
            {copy.bioHint}
          </p>
          <textarea
            id={fieldId('bio')}
            name="bio"
            rows={5}
            maxLength={PROFILE_LIMITS.bio}
            value={values.bio}
            aria-invalid={errors.bio !== undefined}
            aria-describedby={describedBy('bio', bioHintId)}
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
