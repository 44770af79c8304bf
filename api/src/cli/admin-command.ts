import { ReadStream } from 'node:tty';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { isCommonPassword } from '../accounts/common-passwords';
import { AuthMessages } from '../domain/auth/auth-messages';
import { hashPassword } from '../accounts/password-hashing';
import { UserModel } from '../accounts/user-model';
import { emailField, passwordField } from '../domain/auth/auth-schemas';
import { lineOfText } from '../domain/form-fields';
import { loadCliConfig } from '../config/cli-config';
import { connectMongo, disconnectMongo, isDuplicateKeyError } from '../platform/mongo';
import { promptNewPassword, readPasswordFromStdin } from './password-input';

const USAGE = `The operators' accounts, from the command line.

  npm run admin -- create --email ann@example.com [--first Ann --last Lee]
      creates an admin account, or makes an existing account with that email an admin;
      the password of a new account is asked for, hidden, or read from a pipe with
      --password-stdin (printf '%s' "$PASSWORD" | npm run admin -- create ... --password-stdin)
  npm run admin -- list       the admins

It uses MONGO_URL, or the local services of a running \`npm start\`.`;

const say = (line: string) => process.stdout.write(`${line}\n`);

/** The registration form's own rules, so an admin's password is held to the same minimum. */
const createSchema = z.object({
  email: emailField,
  password: passwordField.optional(),
  firstName: lineOfText('First name', 60).default(''),
  lastName: lineOfText('Last name', 60).default(''),
});

type CreateInput = z.infer<typeof createSchema> & {
  /** Asks for the password of a new account (the terminal), or says why it cannot. */
  askPassword: () => Promise<string>;
};

function failOn(error: z.ZodError): never {
  throw new Error(error.issues.map((issue) => issue.message).join(' '));
}

async function readCreate(
  values: Record<string, string | boolean | undefined>,
): Promise<CreateInput> {
  if (values.password !== undefined && values['password-stdin']) {
    throw new Error('give --password or --password-stdin, not both.');
  }
  if (typeof values.password === 'string') {
    say(
      'Note: a password on the command line stays in the shell history; leave it out to be asked for it.',
    );
  }
  const parsed = createSchema.safeParse({
    email: values.email,
    password: values['password-stdin']
      ? await readPasswordFromStdin(process.stdin)
      : values.password,
    firstName: values.first,
    lastName: values.last,
  });
  if (!parsed.success) failOn(parsed.error);
  const { email } = parsed.data;
  const askPassword = async () => {
    if (!(process.stdin instanceof ReadStream)) {
      throw new Error(
        `No account uses ${email}: run the command in a terminal to type its password, or pipe it in with --password-stdin.`,
      );
    }
    const typed = passwordField.safeParse(await promptNewPassword(process.stdin, process.stdout));
    return typed.success ? typed.data : failOn(typed.error);
  };
  return { ...parsed.data, askPassword };
}

async function create(input: CreateInput): Promise<void> {
  const existing = await UserModel.findOne({ email: input.email });
  if (existing) {
    if (existing.role === 'admin') say(`${input.email} is already an admin.`);
    else {
      // requireAuth reads the role from the database on every request: no new login is needed.
      await UserModel.updateOne({ _id: existing._id }, { $set: { role: 'admin' } });
      say(`${input.email} already had an account: it is now an admin.`);
    }
    const ignored = [
      input.password === undefined ? '' : 'the password',
      input.firstName ? '--first' : '',
      input.lastName ? '--last' : '',
    ].filter(Boolean);
    if (ignored.length > 0) {
      say(
        `Not changed: ${ignored.join(', ')} (only used for a new account). The account keeps its ` +
          `own password; its owner can change it with "Forgot password" on the site.`,
      );
    }
    return;
  }
  const password = input.password ?? (await input.askPassword());
  // The same list as the site's forms: an admin's password is the one most worth guessing.
  if (isCommonPassword(password)) throw new Error(AuthMessages.passwordTooCommon);
  try {
    await UserModel.create({
      email: input.email,
      passwordHash: await hashPassword(password),
      firstName: input.firstName,
      lastName: input.lastName,
      role: 'admin',
    });
  } catch (error) {
    if (isDuplicateKeyError(error)) {
      throw new Error(`${input.email} was registered meanwhile: run the command again.`, {
        cause: error,
      });
    }
    throw error;
  }
  say(`Admin account created for ${input.email}. Log in on the site with that password.`);
}

async function list(): Promise<void> {
  const admins = await UserModel.find({ role: 'admin' }).sort({ email: 1 });
  if (admins.length === 0) {
    say('No admins yet. Create one with: npm run admin -- create --email ...');
    return;
  }
  for (const admin of admins) {
    const name = [admin.firstName, admin.lastName].filter(Boolean).join(' ');
    say(`${admin.email}${name ? `  ${name}` : ''}  since ${admin.createdAt.toISOString()}`);
  }
}

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      first: { type: 'string' },
      last: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command] = positionals;
  if (!command || values.help) {
    say(USAGE);
    return command ? 0 : 1;
  }
  if (command !== 'create' && command !== 'list') {
    say(`unknown command "${command}"\n\n${USAGE}`);
    return 1;
  }
  // Checked before connecting: a typo should not wait for a database to say so.
  const input = command === 'create' ? await readCreate(values) : null;
  const config = loadCliConfig();
  await connectMongo({
    url: config.MONGO_URL,
    dbName: config.MONGO_DB,
    autoIndex: config.MONGO_AUTO_INDEX,
  });
  try {
    if (input) await create(input);
    else await list();
    return 0;
  } finally {
    await disconnectMongo();
  }
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`admin: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
