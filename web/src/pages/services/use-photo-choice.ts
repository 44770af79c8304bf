import {
  BOOKING_IMAGE_MAX_BYTES,
  BOOKING_IMAGE_TYPES,
  BookingMessages,
} from '@hs/api/domain/booking/booking-schema';
import { useRef } from 'react';

interface PhotoChoiceOptions {
  /** A file that passed the size and type limits, or null once it is removed. */
  readonly onPhotoChange: (file: File | null) => void;
  readonly onRefused: (message: string) => void;
  readonly onAccepted: () => void;
}

/** The photo's file input: a file is checked against the API's limits before it is kept. */
export function usePhotoChoice({ onPhotoChange, onRefused, onAccepted }: PhotoChoiceOptions) {
  const fileInput = useRef<HTMLInputElement>(null);

  // The input is emptied too, so that choosing the same file again is seen as a change.
  const emptyInput = () => {
    if (fileInput.current) fileInput.current.value = '';
  };

  const choose = (file: File | undefined) => {
    if (file === undefined) return;
    if (!(BOOKING_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      emptyInput();
      onRefused(BookingMessages.imageWrongType);
    } else if (file.size > BOOKING_IMAGE_MAX_BYTES) {
      emptyInput();
      onRefused(BookingMessages.imageTooLarge);
    } else {
      onAccepted();
      onPhotoChange(file);
    }
  };

  const remove = () => {
    emptyInput();
    onPhotoChange(null);
  };

  return { fileInput, choose, remove };
}
