import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Harness({ closable = true, modal = true }: { closable?: boolean; modal?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Open
      </button>
      <a href="/elsewhere">Page link</a>
      {open && (
        <Modal
          title="Choose Your Plan"
          modal={modal}
          onClose={() => {
            if (closable) setOpen(false);
          }}
        >
          <input aria-label="First field" />
          <button type="button">Last button</button>
        </Modal>
      )}
    </>
  );
}

function openModal(props: { closable?: boolean; modal?: boolean } = {}) {
  const view = render(<Harness {...props} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { view, opener, dialog: screen.getByRole('dialog', { name: 'Choose Your Plan' }) };
}

describe('Modal', () => {
  it('is a native dialog opened as a modal, labelled by its title, with focus moved into it', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const { dialog } = openModal();
    // showModal() is what makes the browser keep Tab and the pointer out of the page behind.
    expect(dialog).toBeInstanceOf(HTMLDialogElement);
    expect(showModal.mock.contexts).toEqual([dialog]);
    expect(document.activeElement).toBe(dialog);
  });

  it('closes on Escape, unlocks the page and gives focus back to the opener', () => {
    const { opener } = openModal();
    expect(document.body.classList.contains('modal-open')).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.classList.contains('modal-open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('leaves Escape to its owner: the dialog stays open while the owner keeps it', () => {
    const { dialog } = openModal({ closable: false });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(dialog).toHaveProperty('open', true);
    expect(dialog.isConnected).toBe(true);
  });

  it('closes with its × button', () => {
    const { opener } = openModal();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.classList.contains('modal-open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('steps out of the top layer when asked and back in after, the page still locked', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const show = vi.spyOn(HTMLDialogElement.prototype, 'show');
    const { view, opener, dialog } = openModal();
    view.rerender(<Harness modal={false} />);
    expect(show.mock.contexts).toEqual([dialog]);
    expect(dialog).toHaveProperty('open', true);
    expect(document.body.classList.contains('modal-open')).toBe(true);
    view.rerender(<Harness modal />);
    expect(showModal.mock.contexts).toEqual([dialog, dialog]);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.activeElement).toBe(opener);
  });
});
