import mongoose, { type InferSchemaType, type HydratedDocument } from 'mongoose';

export const USER_ROLES = ['customer', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

const profileSchema = new mongoose.Schema(
  {
    /** The company invoices are made out to ('' for none); a booking without one takes it. */
    company: { type: String, default: '' },
    phone: { type: String, default: '' },
    city: { type: String, default: '' },
    state: { type: String, default: '' },
    zipCode: { type: String, default: '' },
    country: { type: String, default: '' },
    dob: { type: String, default: '' },
    bio: { type: String, default: '' },
    /** Storage key of the avatar; served through the API, never as a public URL. */
    avatarKey: { type: String, default: '' },
  },
  { _id: false },
);

const userSchema = new mongoose.Schema(
  {
    /** Stored trimmed and in lower case; unique. */
    email: { type: String, required: true, unique: true },
    /** argon2id; absent for an account made through Google sign-in only. */
    passwordHash: { type: String, default: null, select: false },
    firstName: { type: String, default: '' },
    lastName: { type: String, default: '' },
    address: { type: String, default: '' },
    googleId: { type: String, default: null },
    /**
     * When the owner last proved they read this address's mail (a link we sent it was followed,
     * or Google vouched for it); null until then. Google sign-in links only to a proven address.
     */
    emailVerifiedAt: { type: Date, default: null },
    role: { type: String, enum: USER_ROLES, default: 'customer' },
    /** Part of every login token; raising it ends every session issued before. */
    tokenVersion: { type: Number, default: 0 },
    profile: { type: profileSchema, default: () => ({}) },
  },
  { timestamps: true },
);
userSchema.index(
  { googleId: 1 },
  { unique: true, partialFilterExpression: { googleId: { $type: 'string' } } },
);

export type User = InferSchemaType<typeof userSchema>;
export type UserDocument = HydratedDocument<User>;

export const UserModel = mongoose.model('User', userSchema);

/** What a client may see of a user: never the hash, the token version or the Google id. */
export interface PublicUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  address: string;
  role: UserRole;
}

export function publicUser(user: UserDocument): PublicUser {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return {
    id: user.id as string,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name,
    address: user.address,
    role: user.role,
  };
}
