import {
  ProfileMessages,
  profileFormSchema,
  type Profile,
} from '@hs/api/domain/profile/profile-schema';
import { useState, type SubmitEvent } from 'react';
import { ApiError } from '../../api/api-client';
import { isSessionEnded } from '../../api/account-api';
import { profileContent as copy } from '../../content/account-content';
import {
  errorsOf,
  FIELD_ORDER,
  formValues,
  type ProfileFieldErrors,
  type ProfileFieldName,
} from './profile-form-fields';
import { useProfileUpdate } from './use-profile-changes';

type Message = { readonly tone: 'success' | 'error'; readonly text: string } | null;

interface ProfileSaveOptions {
  readonly token: string;
  readonly saved: Profile;
  readonly onSaved: (profile: Profile) => void;
  readonly onSessionEnded: () => void;
  readonly fieldId: (name: ProfileFieldName) => string;
}

/**
 * The profile form's values and errors, checked with the API's own rules before PUT
 * /api/me/profile, and the current password a change of email asks for.
 */
export function useProfileSave({
  token,
  saved,
  onSaved,
  onSessionEnded,
  fieldId,
}: ProfileSaveOptions) {
  const [values, setValues] = useState(() => formValues(saved));
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<ProfileFieldErrors>({});
  const [message, setMessage] = useState<Message>(null);
  const update = useProfileUpdate(token);
  const saving = update.isPending;
  // The API keeps addresses trimmed and in lower case, as the form's schema sends them.
  const emailChanging = values.email.trim().toLowerCase() !== saved.email;
  const needsPassword = emailChanging && saved.hasPassword;

  const showErrors = (found: ProfileFieldErrors) => {
    setErrors(found);
    const first = FIELD_ORDER.find((name) => found[name] !== undefined);
    if (first !== undefined) document.getElementById(fieldId(first))?.focus();
  };

  const save = (event: SubmitEvent<HTMLFormElement>) => {
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
    setErrors({});
    setMessage(null);
    update.mutate(
      { form: parsed.data, ...(needsPassword ? { currentPassword } : {}) },
      {
        onSuccess: ({ profile, message: saidByServer }) => {
          onSaved(profile);
          setValues(formValues(profile));
          setCurrentPassword('');
          // A new email is not saved yet: the server says what happens next.
          setMessage({ tone: 'success', text: saidByServer ?? ProfileMessages.updated });
        },
        onError: (error) => {
          if (isSessionEnded(error)) {
            onSessionEnded();
            return;
          }
          const text = error instanceof ApiError ? error.message : copy.saveFailed;
          setMessage({ tone: 'error', text });
          if (error instanceof ApiError) showErrors(errorsOf(Object.entries(error.fields)));
        },
      },
    );
  };

  const cancel = () => {
    setValues(formValues(saved));
    setCurrentPassword('');
    setErrors({});
    setMessage(null);
  };

  const change = (name: ProfileFieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
  };

  return {
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
  };
}
