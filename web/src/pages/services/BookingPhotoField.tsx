import { BOOKING_IMAGE_FIELD, BOOKING_IMAGE_TYPES } from '@hs/api/domain/booking/booking-schema';
import type { RefObject } from 'react';
import { bookingFormCopy as copy } from '../../content/services-content';
import type { DraftPhoto } from './booking-draft';
import type { FieldIds } from './booking-form-fields';
import { BookingField } from './BookingField';

interface BookingPhotoFieldProps {
  readonly ids: FieldIds;
  readonly error: string | undefined;
  readonly fileInput: RefObject<HTMLInputElement | null>;
  readonly photo: DraftPhoto | null;
  readonly onChoose: (file: File | undefined) => void;
  readonly onRemove: () => void;
}

/** The optional photo of the job: the file input, then a preview with a way to remove it. */
export function BookingPhotoField({
  ids,
  error,
  fileInput,
  photo,
  onChoose,
  onRemove,
}: BookingPhotoFieldProps) {
  return (
    <>
      <BookingField id={ids.of('image')} label={copy.photo} hint={copy.photoHint} error={error}>
        <input
          ref={fileInput}
          id={ids.of('image')}
          name={BOOKING_IMAGE_FIELD}
          type="file"
          accept={BOOKING_IMAGE_TYPES.join(',')}
          aria-invalid={error !== undefined}
          aria-describedby={ids.describedBy('image', true)}
          onChange={(event) => {
            onChoose(event.target.files?.[0]);
          }}
        />
      </BookingField>
      {photo !== null && (
        <div className="booking-form__photo">
          <img src={photo.url} alt={copy.photoPreview} className="booking-form__preview" />
          <span className="booking-form__file-name">{photo.file.name}</span>
          <button type="button" className="button button--secondary" onClick={onRemove}>
            {copy.removePhoto}
          </button>
        </div>
      )}
    </>
  );
}
