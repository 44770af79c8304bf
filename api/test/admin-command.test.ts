import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserModel } from '../src/accounts/user-model';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { spawnEntryPoint, type SpawnedProcess } from '../../tests/support/spawn-process';
import { testEmail, testEnv } from '../../tests/support/test-env';

const COMMAND = 'api/src/cli/admin-command.ts';
const PASSWORD = 'a long admin passphrase';

describe('npm run admin', () => {
  const env = testEnv({ AUTH_RATE_LIMIT_MAX: '1000' });
  let api: ApiHarness;

  /** Runs the command as `npm run admin -- ...` does, against this file's own database. */
  async function admin(...args: string[]): Promise<{ code: number | null; output: string }> {
    const command = spawnEntryPoint(COMMAND, env, { args });
    const { code } = await command.exited;
    return { code, output: command.output() };
  }

  const login = (email: string, password: string) =>
    request(api.app).post('/api/auth/login').send({ email, password });

  beforeAll(async () => {
    api = await startApi(env);
  });
  afterAll(async () => {
    await api.close();
  });

  it('creates an admin who can log in on the site with that password', async () => {
    const email = testEmail('ann');
    const result = await admin(
      'create',
      '--email',
      ` ${email.toUpperCase()} `,
      '--password',
      PASSWORD,
      '--first',
      'Ann',
      '--last',
      'Lee',
    );
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(`Admin account created for ${email}.`);
    expect(result.output).not.toContain(PASSWORD);

    const user = await UserModel.findOne({ email }).select('+passwordHash');
    expect(user).toMatchObject({ role: 'admin', firstName: 'Ann', lastName: 'Lee' });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const session = await login(email, PASSWORD);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ email, role: 'admin', name: 'Ann Lee' });
    const bookings = await request(api.app)
      .get('/api/admin/bookings')
      .set('Authorization', `Bearer ${session.body.token as string}`);
    expect(bookings.status).toBe(200);
  });

  it('promotes an existing account, and says so when a password is given for it', async () => {
    const email = testEmail('promoted');
    const registered = await request(api.app).post('/api/auth/register').send({
      email,
      password: 'the customer password',
      confirmPassword: 'the customer password',
      firstName: 'Sam',
      lastName: 'Lee',
      address: '1 Main St',
    });
    expect(registered.status).toBe(201);
    const before = await UserModel.findOne({ email }).select('+passwordHash');

    const promoted = await admin('create', '--email', email, '--password', 'another password');
    expect(promoted.code, promoted.output).toBe(0);
    expect(promoted.output).toContain(`${email} already had an account: it is now an admin.`);
    expect(promoted.output).toContain('Not changed: the password (only used for a new account).');
    const after = await UserModel.findOne({ email }).select('+passwordHash');
    expect(after?.role).toBe('admin');
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect(after?.firstName).toBe('Sam');
    // The session the customer already had now opens the admin area: the role is read per request.
    const bookings = await request(api.app)
      .get('/api/admin/bookings')
      .set('Authorization', `Bearer ${registered.body.token as string}`);
    expect(bookings.status).toBe(200);
    expect((await login(email, 'another password')).status).toBe(401);

    const again = await admin('create', '--email', email);
    expect(again.code).toBe(0);
    expect(again.output).toContain(`${email} is already an admin.`);
    expect(again.output).not.toContain('Not changed');
  });

  it('reads the password from a pipe, keeping it out of the command line', async () => {
    const email = testEmail('piped');
    const command = spawnEntryPoint(COMMAND, env, {
      args: ['create', '--email', email, '--password-stdin'],
      stdin: true,
    });
    command.child.stdin?.end(`${PASSWORD}\n`);
    const { code } = await command.exited;
    expect(code, command.output()).toBe(0);
    expect(command.output()).toContain(`Admin account created for ${email}.`);
    expect(command.output()).not.toContain('shell history');
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  /** Types a line and Enter at the terminal once the prompt shows. */
  const typeAt = async (command: SpawnedProcess, prompt: RegExp, line: string) => {
    await command.waitForOutput(prompt);
    command.child.stdin?.write(`${line}\r`);
  };
  const FIRST_PROMPT = /Password for the new admin:/;
  const SECOND_PROMPT = /The same password again:/;

  it('asks for the password at a terminal, twice and without echoing it', async () => {
    const email = testEmail('typed');
    const command = spawnEntryPoint(COMMAND, env, {
      args: ['create', '--email', email],
      terminal: true,
    });
    await typeAt(command, FIRST_PROMPT, PASSWORD);
    await typeAt(command, SECOND_PROMPT, PASSWORD);
    const { code } = await command.exited;
    expect(code, command.output()).toBe(0);
    expect(command.output()).toContain(`Admin account created for ${email}.`);
    expect(command.output()).not.toContain(PASSWORD);
    expect((await login(email, PASSWORD)).status).toBe(200);

    const slipped = testEmail('slipped');
    const mistyped = spawnEntryPoint(COMMAND, env, {
      args: ['create', '--email', slipped],
      terminal: true,
    });
    await typeAt(mistyped, FIRST_PROMPT, PASSWORD);
    await typeAt(mistyped, SECOND_PROMPT, `${PASSWORD}!`);
    expect((await mistyped.exited).code).toBe(1);
    expect(mistyped.output()).toContain('admin: the two passwords differ: nothing was created.');
    expect(await UserModel.countDocuments({ email: slipped })).toBe(0);
  });

  it('keeps arrow keys out of a password typed at a terminal', async () => {
    const email = testEmail('arrows');
    const command = spawnEntryPoint(COMMAND, env, {
      args: ['create', '--email', email],
      terminal: true,
    });
    // Up and down mid-word, as someone reaching for the shell's history would: had their escape
    // sequences' "[A[B" been kept, the two entries would differ and nothing be created.
    await typeAt(
      command,
      FIRST_PROMPT,
      `${PASSWORD.slice(0, 6)}\u001b[A\u001b[B${PASSWORD.slice(6)}`,
    );
    await typeAt(command, SECOND_PROMPT, PASSWORD);
    const { code } = await command.exited;
    expect(code, command.output()).toBe(0);
    expect(command.output()).toContain(`Admin account created for ${email}.`);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('lists the admins', async () => {
    const email = testEmail('listed');
    expect((await admin('create', '--email', email, '--password', PASSWORD)).code).toBe(0);
    const customer = testEmail('not-listed');
    await UserModel.create({ email: customer, role: 'customer' });

    const listed = await admin('list');
    expect(listed.code, listed.output).toBe(0);
    expect(listed.output).toContain(`${email}  since `);
    expect(listed.output).not.toContain(customer);
  });

  it('refuses bad input with a clear message, a non-zero exit and no account', async () => {
    const email = testEmail('refused');
    const cases: [string[], string][] = [
      [
        ['create', '--email', 'not-an-email', '--password', PASSWORD],
        'admin: Please enter a valid email address.',
      ],
      [
        ['create', '--email', email, '--password', 'short'],
        'admin: Password must be at least 6 characters long',
      ],
      [
        ['create', '--email', email, '--password', 'Password123'],
        'admin: This password is too common. Please choose another.',
      ],
      [
        ['create', '--email', email],
        `admin: No account uses ${email}: run the command in a terminal to type its password, or pipe it in with --password-stdin.`,
      ],
      [
        ['create', '--email', email, '--password', PASSWORD, '--password-stdin'],
        'admin: give --password or --password-stdin, not both.',
      ],
      [['create', '--password', PASSWORD], 'admin: Email is required.'],
      [['create', '--email', email, '--role', 'admin'], "admin: Unknown option '--role'"],
      [['delete', '--email', email], 'unknown command "delete"'],
      [[], 'npm run admin -- create --email'],
    ];
    const results = await Promise.all(cases.map(([args]) => admin(...args)));
    results.forEach((result, index) => {
      expect(result.code, result.output).toBe(1);
      expect(result.output).toContain(cases[index]?.[1]);
    });
    expect(await UserModel.countDocuments({ email })).toBe(0);
    expect(await UserModel.countDocuments({ email: 'not-an-email' })).toBe(0);
  });
});
