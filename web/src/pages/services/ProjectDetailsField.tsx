import { BOOKING_LIMITS } from '@hs/api/domain/booking/booking-schema';
import { bookingFormCopy as copy } from '../../content/services-content';
import { BookingField } from './BookingField';

interface ProjectDetailsFieldProps {
  readonly id: string;
  readonly describedBy: string | undefined;
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (value: string) => void;
}

/** An estimate's project, in the customer's own words: what the operator reads before the visit. */
export function ProjectDetailsField({
  id,
  describedBy,
  value,
  error,
  onChange,
}: ProjectDetailsFieldProps) {
  return (
    <BookingField id={id} label={copy.details} hint={copy.detailsHint} error={error}>
      <textarea
        id={id}
        name="details"
        rows={4}
        maxLength={BOOKING_LIMITS.details}
        aria-invalid={error !== undefined}
        aria-describedby={describedBy}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    </BookingField>
  );
}
