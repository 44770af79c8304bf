import type { Types } from 'mongoose';
import { UserModel } from './user-model';

/**
 * The one rule on what a visitor typed into a form (a name, a service address, a project) and
 * the emails we send (issue 30; docs/product.md, Decisions). Anyone can type anyone's address
 * into the booking form, with any name: if the emails to that address repeated what was typed,
 * the form would mail a stranger's words ("URGENT refund pending visit http://evil.example"),
 * under our name, to whomever they chose, as often as they liked (an estimate costs nothing, and
 * a visit paid for comes back when it is cancelled).
 *
 * So a customer's email greets and quotes typed text only to a reader who proved the address is
 * theirs; anyone else is greeted "Hello," and reads only our own words (the service, the day,
 * the window, the reference, the links). The business's inbox is the operators' own: its notices
 * carry everything typed, since that is the job they do (businessNotificationEmail,
 * planUnplacedNotice, contactNotificationEmail). A project description is for the operators
 * alone, whoever reads the email.
 */

/** Whether the reader of a customer's email proved the address it goes to. */
export type Reader = 'proven' | 'unproven';

/** A booking or a plan, as far as its proof goes: the address it names and the account it came from. */
export interface AddressOwner {
  email: string;
  userId?: Types.ObjectId | null;
}

/**
 * Proven only when the booking (or plan) was made by a signed-in account whose own address is the
 * one it names, and whose owner followed a link we mailed there (or Google vouched for it). A
 * payment proves nothing: anyone may pay, with any address typed beside the card, and a cancel
 * in time gives the money back.
 */
export async function readerOf(owner: AddressOwner): Promise<Reader> {
  if (!owner.userId) return 'unproven';
  const account = await UserModel.findById(owner.userId, { email: 1, emailVerifiedAt: 1 }).lean();
  const proven =
    Boolean(account?.emailVerifiedAt) && account?.email.toLowerCase() === owner.email.toLowerCase();
  return proven ? 'proven' : 'unproven';
}

/** 'Hello Maya Singh,' to a reader who proved the address; 'Hello,' to anyone else. */
export function greeting(reader: Reader, name: string): string {
  const trimmed = name.trim();
  return reader === 'proven' && trimmed !== '' ? `Hello ${trimmed},` : 'Hello,';
}

/** What was typed, for a reader who proved the address; nothing for anyone else. */
export function typed(reader: Reader, value: string): string | undefined {
  return reader === 'proven' && value.trim() !== '' ? value : undefined;
}

/** An email's rows that quote what was typed (the service address): none to an unproved reader. */
export function typedRows(
  reader: Reader,
  rows: [label: string, value: string][],
): [label: string, value: string][] {
  return rows.filter(([, value]) => typed(reader, value) !== undefined);
}
