/**
 * The page behind a modal must not scroll. Modals hand over to each other (plans → form →
 * payment), so the lock counts its holders and lifts only when the last one lets go.
 */
const LOCK_CLASS = 'modal-open';
let holders = 0;

export function lockPageScroll(): () => void {
  holders += 1;
  if (holders === 1) document.body.classList.add(LOCK_CLASS);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) document.body.classList.remove(LOCK_CLASS);
  };
}

export { LOCK_CLASS as PAGE_SCROLL_LOCK_CLASS };
