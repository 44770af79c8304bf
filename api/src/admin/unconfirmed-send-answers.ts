import { z } from 'zod';
import {
  SEND_DECISIONS,
  UNCONFIRMED_SEND_KINDS,
  type SendDecisionAnswer,
  type SendDecisionView,
  type UnconfirmedSendList,
  type UnconfirmedSendView,
} from '../domain/admin/unconfirmed-sends';

/** The shapes of the unconfirmed sends' answers, for the API reference (they check nothing). */

const sendDecisionSchema = z.object({
  decision: z.enum(SEND_DECISIONS),
  adminId: z.string().describe('The account of the admin who decided.'),
  adminEmail: z.string().describe('Its email when it decided.'),
  at: z.string(),
}) satisfies z.ZodType<SendDecisionView>;

export const unconfirmedSendSchema = z.object({
  id: z.string(),
  kind: z.enum(UNCONFIRMED_SEND_KINDS),
  to: z.string(),
  subject: z.string().describe('The email’s subject; a newsletter’s is its campaign’s.'),
  campaignId: z.string().nullable().describe('The campaign of a newsletter; null for an email.'),
  committedAt: z.string().describe('When it was handed to the mail server in full.'),
  canSendAgain: z
    .boolean()
    .describe('Send again is offered (not for an email whose job is not on record).'),
  decisions: z.array(sendDecisionSchema).describe('Every decision on it, oldest first.'),
}) satisfies z.ZodType<UnconfirmedSendView>;

export const unconfirmedSendListSchema = z.object({
  sends: z.array(unconfirmedSendSchema),
  nextCursor: z
    .string()
    .nullable()
    .describe('The `cursor` of the next page; null on the last page.'),
}) satisfies z.ZodType<UnconfirmedSendList>;

export const sendDecisionAnswerSchema = z.object({
  send: unconfirmedSendSchema,
  message: z.string(),
}) satisfies z.ZodType<SendDecisionAnswer>;
