import type { Profile, ProfileForm } from '@hs/api/domain/profile/profile-schema';
import { profileFields } from '../../content/account-content';

/** `currentPassword` is not a profile field: it is asked for only while the email changes. */
export type ProfileFieldName = keyof ProfileForm | 'currentPassword';
export type ProfileFieldErrors = Partial<Record<ProfileFieldName, string>>;

/** The fields in the order they are on screen: the first one with an error takes focus. */
export const FIELD_ORDER: readonly ProfileFieldName[] = [
  ...profileFields.flatMap((field): ProfileFieldName[] =>
    field.name === 'email' ? ['email', 'currentPassword'] : [field.name],
  ),
  'bio',
];

function isFieldName(name: PropertyKey | undefined): name is ProfileFieldName {
  return FIELD_ORDER.some((field) => field === name);
}

export function formValues(profile: Profile): ProfileForm {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    company: profile.company,
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
export function errorsOf(
  entries: Iterable<readonly [PropertyKey | undefined, string]>,
): ProfileFieldErrors {
  const errors: ProfileFieldErrors = {};
  for (const [field, message] of entries) {
    if (isFieldName(field) && errors[field] === undefined) errors[field] = message;
  }
  return errors;
}

export interface ProfileFieldIds {
  readonly fieldId: (name: ProfileFieldName) => string;
  readonly errorId: (name: ProfileFieldName) => string;
  readonly hintId: (name: ProfileFieldName) => string;
  /** What every control carries: its id and name, and where its error and hint are. */
  readonly control: (
    name: ProfileFieldName,
    hintId?: string,
  ) => {
    id: string;
    name: ProfileFieldName;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  };
}

export function profileFieldIds(idPrefix: string, errors: ProfileFieldErrors): ProfileFieldIds {
  const fieldId = (name: ProfileFieldName) => `${idPrefix}-${name}`;
  const errorId = (name: ProfileFieldName) => `${idPrefix}-${name}-error`;
  return {
    fieldId,
    errorId,
    hintId: (name) => `${idPrefix}-${name}-hint`,
    control: (name, hintId) => ({
      id: fieldId(name),
      name,
      'aria-invalid': errors[name] !== undefined,
      'aria-describedby':
        [errors[name] === undefined ? null : errorId(name), hintId].filter(Boolean).join(' ') ||
        undefined,
    }),
  };
}
