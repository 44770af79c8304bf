import { dictionary } from '@zxcvbn-ts/language-common';
import { AuthMessages } from '../domain/auth/auth-messages';
import { DomainError } from '../domain/domain-error';

/**
 * The ~49,000 passwords that breach lists show people choose most (zxcvbn's list, shipped in the
 * package: no network at run time). A six-character minimum alone lets 'password1' and
 * 'qwerty123' through, and those are the first guesses of every credential-stuffing run, which
 * the per-address and per-account login limits only slow down. Kept on the server, not in the
 * domain schemas: the list would add ~200 KB to the site for a check the API must make anyway.
 */
let common: ReadonlySet<string> | undefined;

/**
 * A password as the list is compared with. What can be typed around a common password does not
 * make it strong: ' Password1 ', 'pass  word1' and a full-width 'ｐａｓｓｗｏｒｄ１' are the
 * guesser's 'password1' with keystrokes that cost nothing to try. The list holds no whitespace,
 * so every kind of it is dropped, not just doubled runs. The password itself is stored as typed.
 */
function comparable(password: string): string {
  return password.normalize('NFKC').replace(/\s+/gu, '').toLowerCase();
}

export function isCommonPassword(password: string): boolean {
  // Built on first use: processes that never take a new password never hold the list.
  common ??= new Set(dictionary['passwords-common'].map(comparable));
  return common.has(comparable(password));
}

/** Refuses a new password from the list, as a 400 on the password field. */
export function refuseCommonPassword(password: string): void {
  if (!isCommonPassword(password)) return;
  throw new DomainError('invalid', AuthMessages.passwordTooCommon, {
    fields: { password: AuthMessages.passwordTooCommon },
  });
}
