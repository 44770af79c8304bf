import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { modalCopy } from '../../content/services-content';
import { lockPageScroll } from './scroll-lock';
import './Modal.css';

interface ModalProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** Wider dialogs for forms with two columns. */
  readonly size?: 'normal' | 'wide';
  /**
   * False while someone else's overlay must sit above the dialog (Stripe's check by the bank):
   * a modal dialog is in the browser's top layer, which no z-index reaches, and it makes the
   * rest of the page, that overlay included, inert.
   */
  readonly modal?: boolean;
}

/**
 * A native dialog opened with showModal(): the browser makes the page behind inert, keeps Tab
 * out of it, turns Escape into `cancel` and gives focus back to the opener on close. This adds
 * the title as its name, the × button, and a page that does not scroll behind it.
 */
export function Modal({ title, onClose, children, size = 'normal', modal = true }: ModalProps) {
  const titleId = `${useId()}-title`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // Layout effects, so the page lock and the dialog change in the same commit as the markup: a
  // passive effect let the page stay locked for a moment after the dialog had gone.
  useLayoutEffect(() => lockPageScroll(), []);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null) return;
    dialog.showModal();
    // The browser would focus the × button; the dialog itself goes first so that a screen reader
    // announces its title.
    dialog.focus();
    // The parent decides what Escape means (the booking form goes back to the plans), so the
    // browser's own closing is stopped and the parent's state takes the dialog away. After
    // repeated Escapes the browser may refuse the stop and close it anyway: the parent is told
    // either way.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      // Closed while still in the page: a dialog that is only removed gives no focus back.
      dialog.close();
    };
  }, []);

  // A passive effect on purpose: after a commit React puts focus back where it was, and doing
  // this inside the commit would make the browser remember that element, not the opener, as the
  // one to give focus back to. close() here hands focus to the opener, show() remembers it.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (modal || dialog === null) return;
    dialog.close();
    dialog.show();
    return () => {
      // Unmounted meanwhile: the layout effect above has already closed it.
      if (!dialog.isConnected || !dialog.open) return;
      dialog.close();
      dialog.showModal();
      dialog.focus();
    };
  }, [modal]);

  return createPortal(
    <dialog
      ref={dialogRef}
      className={`modal modal--${size}`}
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <div className="modal__header">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <button
          type="button"
          className="modal__close"
          aria-label={modalCopy.close}
          onClick={() => {
            onClose();
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="modal__body">{children}</div>
    </dialog>,
    document.body,
  );
}
