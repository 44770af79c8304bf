/**
 * What the reset page hands the login page it sends the visitor to (router state, never the
 * address): the password was just changed, which the login page says before anything else.
 */
export const PASSWORD_CHANGED = { passwordChanged: true } as const;

export function arrivedAfterPasswordChange(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { passwordChanged?: unknown }).passwordChanged === true
  );
}
