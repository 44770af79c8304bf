import { bookingFormCopy as copy } from '../../content/services-content';

/** How much of the booking, its photo included, has reached the server. */
export function UploadProgress({ id, progress }: { id: string; progress: number }) {
  return (
    <div className="booking-form__progress">
      <label htmlFor={id}>{copy.uploading}</label>
      <progress id={id} max={1} value={progress}>
        {`${String(Math.round(progress * 100))}%`}
      </progress>
    </div>
  );
}
