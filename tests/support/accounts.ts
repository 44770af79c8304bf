import request from 'supertest';
import { UserModel } from '../../api/src/accounts/user-model';
import { testEmail } from './test-env';

export interface TestAccount {
  email: string;
  userId: string;
  token: string;
}

type App = Parameters<typeof request>[0];

/**
 * An account registered through the API, promoted to admin in MongoDB when asked (as
 * `npm run admin` does). An admin's token comes from a login after the promotion, so its role
 * claim is current too. Fails loudly if registration is refused (a rate limit, typically).
 */
export async function signUp(
  app: App,
  password: string,
  role: 'customer' | 'admin' = 'customer',
): Promise<TestAccount> {
  const email = testEmail(role);
  const registered = await request(app).post('/api/auth/register').send({
    email,
    password,
    confirmPassword: password,
    firstName: 'Sam',
    lastName: 'Lee',
    address: '1 King St W',
  });
  if (registered.status !== 201) {
    throw new Error(`registration answered ${String(registered.status)}: ${registered.text}`);
  }
  const userId = registered.body.user.id as string;
  if (role === 'customer') return { email, userId, token: registered.body.token as string };
  await UserModel.updateOne({ email }, { $set: { role: 'admin' } });
  const login = await request(app).post('/api/auth/login').send({ email, password });
  return { email, userId, token: login.body.token as string };
}

/** The body without the per-request id, to compare two answers. */
export function withoutRequestId(body: Record<string, unknown>): Record<string, unknown> {
  const { requestId: _, ...rest } = body;
  return rest;
}

/** The path of a reset link in an email; its one group is the token. */
export const RESET_LINK = /\/reset-password\/([A-Za-z0-9_-]{43})/;

/** The token of the first link in `text` that `pattern` (one group: the token) finds. */
export function tokenIn(text: string, pattern: RegExp): string {
  const match = pattern.exec(text);
  if (!match?.[1]) throw new Error(`no link matching ${String(pattern)} in:\n${text}`);
  return match[1];
}
