/**
 * A decision (docs/product.md#decisions) gives 'See how it works' and 'Learn More ...' a target: the matching section. Focus
 * goes there too (the section has tabIndex -1), so a keyboard user carries on from it rather
 * than from the button they left behind.
 */
export function scrollToSection(id: string, reducedMotion: boolean): void {
  const target = document.getElementById(id);
  if (target === null) return;
  target.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}
