import { UserModel } from '../../../api/src/accounts/user-model';

/** The running product's HTTP API as the site calls it: JSON, forms, a Bearer token if signed in. */
export class ProductApi {
  constructor(private readonly baseUrl: string) {}

  get(path: string, token?: string): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, { headers: bearer(token) });
  }

  post(path: string, body: string | Buffer, contentType: string, token?: string) {
    return fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType, ...bearer(token) },
      body,
    });
  }

  /** POSTs `body` as JSON and answers the parsed reply, failing on anything but `expected`. */
  async postJson<T>(path: string, body: unknown, expected: number, token?: string): Promise<T> {
    const answer = await this.post(path, JSON.stringify(body), 'application/json', token);
    return (await okJson(answer, `POST ${path}`, expected)) as T;
  }

  /** GETs `path` and answers its parsed JSON, failing on anything but 200. */
  async getJson<T>(path: string, token?: string): Promise<T> {
    return (await okJson(await this.get(path, token), `GET ${path}`, 200)) as T;
  }
}

const bearer = (token: string | undefined): Record<string, string> =>
  token === undefined ? {} : { authorization: `Bearer ${token}` };

async function okJson(answer: Response, what: string, expected: number): Promise<unknown> {
  const text = await answer.text();
  if (answer.status !== expected) {
    throw new Error(`${what} answered ${String(answer.status)}: ${text.slice(0, 300)}`);
  }
  return JSON.parse(text) as unknown;
}

export interface SignedIn {
  email: string;
  userId: string;
  token: string;
}

/**
 * An account registered through the API and signed in; an operator is promoted in MongoDB first,
 * as `npm run admin` does, and signs in after it, so the token's role claim says admin.
 */
export async function signedInAccount(
  api: ProductApi,
  account: { email: string; password: string; role: 'customer' | 'admin' },
): Promise<SignedIn> {
  const registered = await api.postJson<{ user: { id: string }; token: string }>(
    '/api/auth/register',
    {
      email: account.email,
      password: account.password,
      confirmPassword: account.password,
      firstName: account.role === 'admin' ? 'Olive' : 'Casey',
      lastName: 'Bench',
      address: '1 King St W',
    },
    201,
  );
  if (account.role === 'customer') {
    return { email: account.email, userId: registered.user.id, token: registered.token };
  }
  await UserModel.updateOne({ email: account.email }, { $set: { role: 'admin' } });
  const login = await api.postJson<{ token: string }>(
    '/api/auth/login',
    { email: account.email, password: account.password },
    200,
  );
  return { email: account.email, userId: registered.user.id, token: login.token };
}
