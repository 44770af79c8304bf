/** Subjects are cut here: longer ones are truncated by mail clients anyway. */
export const MAX_SUBJECT_LENGTH = 300;

/**
 * `text` as a header value: line breaks and other control characters become spaces (so no
 * header can be added through it), cut to `max` UTF-16 units without leaving half a character.
 */
export function headerLine(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const line = text.replace(/[\u0000-\u001F\u007F]+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
