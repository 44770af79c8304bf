import { ADMIN_PAGE_SIZE } from './admin-views';

/**
 * Unconfirmed sends, and the operator's decision on each (docs/features.md, "Unconfirmed sends
 * get a human decision"): an email handed to the mail server in full whose answer never came
 * back, because its worker died in between. It is never sent again by itself; an operator who
 * knows better has it sent again, or marks it delivered. Shared by the API and the console, whose
 * admin gate reads these words too: no zod here (the request schemas are in
 * unconfirmed-sends-schema.ts).
 */

/**
 * How long after its commit a send's answer may still be on its way: the server answers within
 * the SMTP pool's 30 s socket timeout, and the answer is written within 50 ms of that. Younger
 * sends are not listed, and are refused a decision, so no operator resends an email whose answer
 * was about to arrive. The one rule for transactional emails and newsletters alike: a campaign
 * that is finished or paused proves nothing more, since another batch's answers, or the last
 * ones of a batch that was paused, may still be in flight.
 */
export const UNCONFIRMED_AFTER_MINUTES = 2;
export const UNCONFIRMED_AFTER_MS = UNCONFIRMED_AFTER_MINUTES * 60_000;

/** Where an unconfirmed send comes from: a transactional email, or one newsletter delivery. */
export const UNCONFIRMED_SEND_KINDS = ['email', 'newsletter'] as const;
export type UnconfirmedSendKind = (typeof UNCONFIRMED_SEND_KINDS)[number];

export const SEND_DECISIONS = ['send-again', 'mark-delivered'] as const;
export type SendDecision = (typeof SEND_DECISIONS)[number];

/** The list's two views: the sends waiting for a decision, and those decided, newest first. */
export const UNCONFIRMED_LIST_STATES = ['unconfirmed', 'decided'] as const;
export type UnconfirmedListState = (typeof UNCONFIRMED_LIST_STATES)[number];

export const UNCONFIRMED_PAGE_SIZE = ADMIN_PAGE_SIZE;

/** One operator's decision on a send, as recorded on its row. */
export interface SendDecisionView {
  decision: SendDecision;
  adminId: string;
  adminEmail: string;
  /** When it was decided (ISO 8601). */
  at: string;
}

export interface UnconfirmedSendView {
  /** The row's id, unique within its kind. */
  id: string;
  kind: UnconfirmedSendKind;
  to: string;
  /** The email's subject; a newsletter's is its campaign's. */
  subject: string;
  /** The campaign of a newsletter delivery; null for a transactional email. */
  campaignId: string | null;
  /** When it was handed to the server in full (ISO 8601). */
  committedAt: string;
  /**
   * Whether Send again is offered: not for a decided send, nor for a transactional email whose
   * job is not on record, nor for a newsletter to someone who has unsubscribed since.
   */
  canSendAgain: boolean;
  /** Every decision on it, oldest first: one sent again may have come back unconfirmed. */
  decisions: SendDecisionView[];
}

/** A page of the list, newest first; `nextCursor` asks for the page after it, null on the last. */
export interface UnconfirmedSendList {
  sends: UnconfirmedSendView[];
  nextCursor: string | null;
}

export interface SendDecisionAnswer {
  send: UnconfirmedSendView;
  message: string;
}

/**
 * Where a page starts: the sort key of the last row of the page before, the moment that orders
 * the list (committed, or decided) and the row's id between rows of the same moment.
 */
export interface ListCursor {
  at: Date;
  id: string;
}

const DECISION_LABELS: Record<SendDecision, string> = {
  'send-again': 'Send again',
  'mark-delivered': 'Mark as delivered',
};

/** What the API says of the sends and of the decisions on them, for the console to show. */
export const UnconfirmedSendWords = {
  decisionLabel: (decision: SendDecision) => DECISION_LABELS[decision],
  notFound: 'No email with that id is on record.',
  answered:
    'The mail server’s answer for this email arrived meanwhile: it was delivered, and there is nothing to decide.',
  alreadyDecided: (decision: SendDecision, adminEmail: string) =>
    `This email is decided already: ${adminEmail} chose “${DECISION_LABELS[decision]}”.`,
  notCommitted:
    'This email is not waiting for a decision: it was never handed to the mail server in full.',
  stillInFlight: `This email was handed to the mail server less than ${String(UNCONFIRMED_AFTER_MINUTES)} minutes ago, and its answer may still come. Decide once it has been unconfirmed for ${String(UNCONFIRMED_AFTER_MINUTES)} minutes.`,
  cannotRebuild:
    'This email cannot be sent again from here: the job that wrote it is not on record (it was sent before sends recorded their job). Mark it as delivered if the customer has it, or write to them.',
  unsubscribed: (email: string) =>
    `${email} has unsubscribed since: the newsletter is not sent to them again.`,
  sentAgain: (kind: UnconfirmedSendKind, subject: string, to: string) =>
    kind === 'newsletter'
      ? `“${subject}” is queued to be sent again to ${to}.`
      : `“${subject}” to ${to} is queued to be sent again. It goes out once its job has run, unless what it says no longer applies (a booking cancelled since, say).`,
  markedDelivered: (subject: string, to: string) => `“${subject}” to ${to} is marked as delivered.`,
} as const;
