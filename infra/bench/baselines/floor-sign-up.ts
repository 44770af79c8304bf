import express, { type RequestHandler } from 'express';
import { MongoServerError, ObjectId, type Db } from 'mongodb';
import { hashPassword } from '../../../api/src/accounts/password-hashing';
import { jobs } from '../../../api/src/jobs/job-definitions';
import { emailOf, textField } from './floor-form';
import type { FloorQueues } from './floor-queues';

interface UserRow {
  _id: ObjectId;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  address: string;
  googleId: null;
  emailVerifiedAt: null;
  role: 'customer';
  tokenVersion: number;
  profile: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
}

const EMPTY_PROFILE = {
  phone: '',
  city: '',
  state: '',
  zipCode: '',
  country: '',
  dob: '',
  bio: '',
  avatarKey: '',
};

/**
 * POST /api/auth/register's durable work: the password hashed at the product's own cost (its
 * hashPassword, so the two cannot drift apart: the hash is most of a sign-up), one insert of the
 * user row with the product's fields into a collection with its indexes, and the welcome email's
 * queue add. The login token the product signs for its answer is left out: an HMAC of a few
 * hundred bytes, nothing next to the hash.
 */
export function signUpFloor(deps: {
  db: Db;
  collection: string;
  queues: FloorQueues;
}): RequestHandler[] {
  const users = deps.db.collection<UserRow>(deps.collection);
  const register: RequestHandler = async (req, res) => {
    const email = emailOf(req.body);
    const password = textField(req.body, 'password');
    if (!email || password.length < 6 || password !== textField(req.body, 'confirmPassword')) {
      res.status(400).json({ error: 'Check the form.' });
      return;
    }
    const passwordHash = await hashPassword(password);
    const now = new Date();
    const userId = new ObjectId();
    try {
      await users.insertOne({
        _id: userId,
        email,
        passwordHash,
        firstName: textField(req.body, 'firstName'),
        lastName: textField(req.body, 'lastName'),
        address: textField(req.body, 'address'),
        googleId: null,
        emailVerifiedAt: null,
        role: 'customer',
        tokenVersion: 0,
        profile: EMPTY_PROFILE,
        createdAt: now,
        updatedAt: now,
      });
    } catch (error) {
      if (error instanceof MongoServerError && error.code === 11000) {
        res.status(409).json({ error: 'That email is taken.' });
        return;
      }
      throw error;
    }
    const id = userId.toHexString();
    await deps.queues.add(jobs.welcomeEmail, { userId: id }, `welcome-${id}`);
    res.status(201).json({ id });
  };
  return [express.json(), register];
}
