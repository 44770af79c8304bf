import { useState } from 'react';
import { FIELD_ORDER, type BookingFieldName, type FieldErrors } from './booking-form-fields';

/** The booking form's errors by field, each cleared as its field changes. */
export function useFieldErrors(fieldId: (field: BookingFieldName) => string) {
  const [errors, setErrors] = useState<FieldErrors>({});

  const clear = (field: BookingFieldName) => {
    setErrors((current) => {
      if (current[field] === undefined) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const set = (field: BookingFieldName, message: string) => {
    setErrors((current) => ({ ...current, [field]: message }));
  };

  /** Replaces every error, and takes the visitor to the first field that has one. */
  const show = (found: FieldErrors) => {
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field] !== undefined);
    if (first !== undefined) document.getElementById(fieldId(first))?.focus();
  };

  return { errors, clear, set, show, replace: setErrors };
}
