/**
 * The expiry as it is typed, in the MM/YY shape the field asks for: '1229' reads '12/29' and
 * '12/2' stays '12/2'. Only digits count; a slash comes once there is a year to put after it, so
 * deleting back over it works as expected.
 */
export function formatExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}
