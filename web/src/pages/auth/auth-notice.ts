/** The message at the top of the auth card: a success or what went wrong. */
export interface AuthNotice {
  readonly tone: 'success' | 'error';
  readonly text: string;
}
