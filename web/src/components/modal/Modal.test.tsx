import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from './Modal';

afterEach(cleanup);

function Harness() {
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
          onClose={() => {
            setOpen(false);
          }}
        >
          <input aria-label="First field" />
          <button type="button" disabled>
            Disabled
          </button>
          <button type="button">Last button</button>
        </Modal>
      )}
    </>
  );
}

function openModal() {
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Choose Your Plan' }) };
}

describe('Modal', () => {
  it('is a modal dialog labelled by its title, with focus moved into it', () => {
    const { dialog } = openModal();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(dialog);
  });

  it('keeps Tab and Shift+Tab inside, skipping disabled controls', () => {
    const { dialog } = openModal();
    const close = screen.getByRole('button', { name: 'Close' });
    const last = screen.getByRole('button', { name: 'Last button' });
    // From the dialog itself, Shift+Tab wraps to the last control.
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    // Focus that lands outside is brought back.
    screen.getByRole('link', { name: 'Page link' }).focus();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape, unlocks the page and gives focus back to the opener', () => {
    const { opener } = openModal();
    expect(document.body.classList.contains('modal-open')).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.classList.contains('modal-open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its × button', () => {
    const { opener } = openModal();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.classList.contains('modal-open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });
});
