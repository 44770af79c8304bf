/** Text typed into a search box, matched literally by a MongoDB `$regex` (no pattern of its own). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
