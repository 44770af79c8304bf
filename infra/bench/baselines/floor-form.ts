/** A text field of a parsed body, '' when missing or not text: the floor checks no more than that. */
export function textField(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value: unknown = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

/** The address as the product stores it (trimmed, lower case), or null when it is not one. */
export function emailOf(body: unknown): string | null {
  const email = textField(body, 'email').trim().toLowerCase();
  return email.includes('@') && email.length <= 254 ? email : null;
}
