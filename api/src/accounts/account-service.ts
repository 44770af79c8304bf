import { isDuplicateKeyError } from '../platform/mongo';
import { AuthMessages } from '../domain/auth/auth-messages';
import type { LoginInput, RegisterInput } from '../domain/auth/auth-schemas';
import { HttpError } from '../http/http-error';
import { jobs } from '../jobs/job-definitions';
import type { JobProducer } from '../jobs/job-producer';
import type { AuthTokens } from './auth-tokens';
import { hashPassword, verifyPassword } from './password-hashing';
import { publicUser, UserModel, type PublicUser, type UserDocument } from './user-model';

export interface Session {
  token: string;
  user: PublicUser;
}

/** One reset email per account per ten minutes, however often the form is sent. */
const RESET_EMAIL_WINDOW_MS = 10 * 60_000;

export class AccountService {
  constructor(
    private readonly tokens: AuthTokens,
    private readonly jobs: JobProducer,
  ) {}

  sessionFor(user: UserDocument): Session {
    return {
      token: this.tokens.issue({
        userId: user.id as string,
        tokenVersion: user.tokenVersion,
        role: user.role,
      }),
      user: publicUser(user),
    };
  }

  async register(input: RegisterInput): Promise<Session> {
    const passwordHash = await hashPassword(input.password);
    let user: UserDocument;
    try {
      user = await UserModel.create({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        address: input.address,
      });
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new HttpError(409, AuthMessages.emailTaken);
      throw error;
    }
    await this.jobs.add(
      jobs.welcomeEmail,
      { userId: user.id as string },
      { jobId: `welcome-${user.id as string}` },
    );
    return this.sessionFor(user);
  }

  /** The same answer, and about the same time, for an unknown email and a wrong password. */
  async login(input: LoginInput): Promise<Session> {
    const user = await UserModel.findOne({ email: input.email }).select('+passwordHash');
    const matches = await verifyPassword(input.password, user?.passwordHash ?? null);
    if (!user || !matches) throw new HttpError(401, AuthMessages.invalidCredentials);
    return this.sessionFor(user);
  }

  /** Queues the reset email for an existing account; says nothing about whether it exists. */
  async requestPasswordReset(email: string): Promise<void> {
    const user = await UserModel.findOne({ email });
    if (!user) return;
    const window = Math.floor(Date.now() / RESET_EMAIL_WINDOW_MS);
    await this.jobs.add(
      jobs.passwordResetEmail,
      { userId: user.id as string },
      { jobId: `password-reset-${user.id as string}-${window}` },
    );
  }
}
