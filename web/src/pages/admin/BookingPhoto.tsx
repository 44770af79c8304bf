import { useState } from 'react';
import { Modal } from '../../components/modal/Modal';
import { bookingsContent as copy } from './admin-content';

interface BookingPhotoProps {
  readonly reference: string;
  /** A short-lived signed address; loaded as it is, never with our token. */
  readonly url: string | null;
}

/** The customer's photo as a thumbnail that opens at full size in a dialog. */
export function BookingPhoto({ reference, url }: BookingPhotoProps) {
  const [open, setOpen] = useState(false);
  if (url === null) return <span className="admin-muted">{copy.noPhoto}</span>;
  return (
    <>
      <button
        type="button"
        className="admin-photo"
        aria-label={copy.openPhoto(reference)}
        onClick={() => {
          setOpen(true);
        }}
      >
        <img src={url} alt="" width={64} height={64} loading="lazy" />
      </button>
      {open ? (
        <Modal
          title={copy.photoTitle(reference)}
          size="wide"
          onClose={() => {
            setOpen(false);
          }}
        >
          <img className="admin-photo__full" src={url} alt={copy.photoAlt(reference)} />
        </Modal>
      ) : null}
    </>
  );
}
