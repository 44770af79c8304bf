import mongoose from 'mongoose';
import { isDuplicateKeyError } from '../platform/mongo';
import { AuthMessages } from '../domain/auth/auth-messages';
import type { LoginInput, RegisterInput } from '../domain/auth/auth-schemas';
import { DomainError } from '../domain/domain-error';
import { jobs } from '../jobs/job-definitions';
import type { JobProducer } from '../jobs/job-producer';
import type { Logger } from '../platform/logger';
import type { AccountLinks } from './account-links';
import type { AuthTokens, EndableToken, SessionToken, SignInMethod } from './auth-tokens';
import { refuseCommonPassword } from './common-passwords';
import type { LoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from './password-hashing';
import { publicUser, UserModel, type PublicUser, type UserDocument } from './user-model';

export interface Session {
  token: string;
  user: PublicUser;
}

/** One reset email per account per ten minutes, however often the form is sent. */
const RESET_EMAIL_WINDOW_MS = 10 * 60_000;

export interface AccountServiceDependencies {
  tokens: AuthTokens;
  jobs: JobProducer;
  loginThrottle: LoginThrottle;
  links: AccountLinks;
  logger: Logger;
}

export class AccountService {
  constructor(private readonly deps: AccountServiceDependencies) {}

  sessionFor(user: UserDocument, method: SignInMethod): Session {
    return {
      token: this.deps.tokens.issue(
        { userId: user.id as string, tokenVersion: user.tokenVersion, role: user.role },
        method,
      ),
      user: publicUser(user),
    };
  }

  async register(input: RegisterInput): Promise<Session> {
    refuseCommonPassword(input.password);
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
      if (isDuplicateKeyError(error))
        throw new DomainError('auth.email_taken', AuthMessages.emailTaken);
      throw error;
    }
    await this.deps.jobs.add(
      jobs.welcomeEmail,
      { userId: user.id as string },
      { jobId: `welcome-${user.id as string}` },
    );
    return this.sessionFor(user, 'password');
  }

  /**
   * The same answer, and about the same time, for an unknown email and a wrong password; both
   * count toward the account's login delay, which is checked before the password is.
   */
  async login(input: LoginInput): Promise<Session> {
    await this.deps.loginThrottle.check(input.email);
    const user = await UserModel.findOne({ email: input.email }).select('+passwordHash');
    const matches = await verifyPassword(input.password, user?.passwordHash ?? null);
    if (!user || !matches) {
      await this.deps.loginThrottle.failed(input.email);
      throw new DomainError('auth.invalid_credentials', AuthMessages.invalidCredentials);
    }
    await this.deps.loginThrottle.succeeded(input.email);
    return this.sessionFor(user, 'password');
  }

  /** Ends the token the request came with; the owner's other sessions go on. */
  async logout(user: UserDocument, session: SessionToken): Promise<void> {
    await this.endSession(user.id as string, session.tokenVersion, session);
  }

  /**
   * Ends one token of the account issued at `tokenVersion`: a login token, or a session opened
   * with one (the queue dashboard's). Without Redis the token cannot be listed, so every session
   * of the account ends instead: ending a session must never leave it working.
   */
  async endSession(userId: string, tokenVersion: number, token: EndableToken): Promise<void> {
    try {
      await this.deps.tokens.revoke(token);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'could not list an ended token: ending every session');
      if (!mongoose.isValidObjectId(userId)) return;
      await UserModel.updateOne({ _id: userId, tokenVersion }, { $inc: { tokenVersion: 1 } });
    }
  }

  /** The welcome email's link: the owner reads mail at the account's current address. */
  async verifyEmail(userId: string, token: string): Promise<void> {
    const user = mongoose.isValidObjectId(userId) ? await UserModel.findById(userId) : null;
    if (!user || !this.deps.links.verifiesEmail(user.id as string, user.email, token)) {
      throw new DomainError('auth.link_invalid', AuthMessages.emailVerifyLinkInvalid);
    }
    await UserModel.updateOne(
      { _id: user._id, email: user.email, emailVerifiedAt: null },
      { $set: { emailVerifiedAt: new Date() } },
    );
  }

  /** Queues the reset email for an existing account; says nothing about whether it exists. */
  async requestPasswordReset(email: string): Promise<void> {
    const user = await UserModel.findOne({ email });
    if (!user) return;
    const window = Math.floor(Date.now() / RESET_EMAIL_WINDOW_MS);
    await this.deps.jobs.add(
      jobs.passwordResetEmail,
      { userId: user.id as string },
      { jobId: `password-reset-${user.id as string}-${window}` },
    );
  }
}
