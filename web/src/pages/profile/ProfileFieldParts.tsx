import { profileContent as copy } from '../../content/account-content';

/** A field's label, marked when the field is required. */
export function ProfileFieldLabel({
  htmlFor,
  text,
  required,
}: {
  htmlFor: string;
  text: string;
  required: boolean;
}) {
  return (
    <label htmlFor={htmlFor}>
      {text}
      {required ? <span className="profile-form__required"> {copy.required}</span> : null}
    </label>
  );
}

/** A field's error under it, with the id its control is described by. */
export function ProfileFieldError({ id, text }: { id: string; text: string | undefined }) {
  return text === undefined ? null : (
    <p id={id} className="profile-form__error">
      {text}
    </p>
  );
}
