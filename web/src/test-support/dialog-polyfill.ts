/**
 * jsdom has <dialog> but not its methods. The web test project loads this first (setupFiles),
 * for the part of the browser's behaviour that the Modal leans on: showModal/show/close toggle
 * `open`, close gives focus back to what had it before, and Escape fires a cancelable `cancel`
 * at the top modal dialog. Inertness and the top layer are not imitated: the browser tests
 * prove those.
 */
const previouslyFocused = new WeakMap<HTMLDialogElement, Element | null>();
const modalStack: HTMLDialogElement[] = [];

function open(dialog: HTMLDialogElement, modal: boolean): void {
  if (dialog.open) return;
  previouslyFocused.set(dialog, document.activeElement);
  dialog.setAttribute('open', '');
  if (modal) modalStack.push(dialog);
}

if (!Object.hasOwn(HTMLDialogElement.prototype, 'showModal')) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    open(this, true);
  };
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    open(this, false);
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, value?: string) {
    if (!this.open) return;
    if (value !== undefined) this.returnValue = value;
    this.removeAttribute('open');
    const position = modalStack.lastIndexOf(this);
    if (position !== -1) modalStack.splice(position, 1);
    const previous = previouslyFocused.get(this);
    previouslyFocused.delete(this);
    if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    this.dispatchEvent(new Event('close'));
  };
  // The browser's own reaction to Escape, after the page's key handlers have had their say.
  document.addEventListener('keydown', (event) => {
    // A test that threw may have left a dialog behind without closing it.
    const top = modalStack.findLast((dialog) => dialog.isConnected);
    if (event.key !== 'Escape' || event.defaultPrevented || top === undefined) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
