import '../zod-config';
import { z } from 'zod';
import { lineOfText, paragraphsOfText } from '../form-fields';
import { invoiceLineSchema } from '../invoice/invoice-schema';
import { QUOTE_STATUSES } from './quote-status';

/**
 * What an operator writes on a quote and what the customer sends back, and how a quote reads to
 * each of them. Browser-safe: zod and domain/ only. Every amount is whole cents, HST included as
 * on the site; totals are the server's (quote-totals.ts), never the browser's.
 */
export const QUOTE_LIMITS = {
  maxLines: 100,
  maxQuantity: 10_000,
  /** $100,000 a unit. */
  maxUnitPriceCents: 10_000_000,
  /** $1,000,000 a line: a quote's total stays far inside exact integer arithmetic. */
  maxLineCents: 100_000_000,
  maxDescription: 300,
  maxTerms: 2_000,
  maxNote: 2_000,
  maxReason: 1_000,
  maxName: 120,
  /** How far ahead a validity date may be set. */
  maxValidityDays: 365,
} as const;

export const QuoteWords = {
  notFound: 'Quote not found.',
  linkInvalid: 'This quote link is not valid. Please use the link in your email.',
  notDraft: 'Only a draft can be edited. Make a new revision to change a sent quote.',
  emptyQuote: 'Add at least one line before sending the quote.',
  nothingIncluded: 'A quote needs at least one line that is not optional.',
  validityPast: 'The validity date must be today or later.',
  validityTooFar: `The validity date must be within ${String(QUOTE_LIMITS.maxValidityDays)} days.`,
  lineTooLarge: 'A line may come to at most $1,000,000.',
  unknownOptional: 'Only optional items of this quote can be added.',
  notAnEstimate: 'Quotes are written for estimate requests only.',
  estimateHasQuote: 'This estimate already has a quote: open it from the Quotes tab.',
  estimateClosed: 'This estimate request was cancelled: it cannot get a quote.',
  nameRequired: 'Please type your name to accept the quote.',
  // Why an answer changes nothing, as the customer reads it.
  alreadyAccepted: 'This quote was already accepted.',
  alreadyConverted: 'This quote was already accepted and its deposit paid.',
  alreadyDeclined: 'This quote was declined. Ask us for a new one if you changed your mind.',
  expired: 'This quote has expired. Ask us for a new one and we will gladly update it.',
  replaced: 'This quote was replaced by a newer revision. Please open the new one.',
  noDepositDue: 'No deposit is due on this quote.',
  notAccepted: 'Accept the quote first, then pay its deposit.',
  notOpen: 'This quote can no longer be answered.',
  tooManyAnswers: 'Too many answers from your connection. Please wait a few minutes and try again.',
  cannotRevise: 'Only a sent quote that was not yet answered can be revised.',
  // What the customer is told after answering.
  acceptedNoDeposit: 'Thank you: your quote is accepted. We will call you to book the work.',
  acceptedPayDeposit: 'Thank you: your quote is accepted. Pay the deposit to book the work.',
  declinedThanks: 'Thank you for letting us know. We have told the team.',
  depositPaid: 'Your deposit is paid. We will call you to book the work.',
  notAJob: 'Visits are booked for an accepted quote whose deposit is paid.',
  noBalanceDue: 'No balance is due on this quote.',
  balancePaid: 'Your balance is paid. Thank you!',
} as const;

/** A line as the operator's editor sends it. */
export const quoteLineInputSchema = z
  .object({
    description: lineOfText('A line’s description', QUOTE_LIMITS.maxDescription, true),
    quantity: z
      .number({ error: 'Quantity must be a whole number.' })
      .int('Quantity must be a whole number.')
      .min(1, 'Quantity must be at least 1.')
      .max(
        QUOTE_LIMITS.maxQuantity,
        `Quantity must be at most ${String(QUOTE_LIMITS.maxQuantity)}.`,
      ),
    unitPriceCents: z
      .number({ error: 'Unit price must be an amount in cents.' })
      .int('Unit price must be an amount in whole cents.')
      .min(0, 'Unit price cannot be negative.')
      .max(QUOTE_LIMITS.maxUnitPriceCents, 'Unit price may be at most $100,000.'),
    optional: z.boolean({ error: 'optional must be true or false.' }).default(false),
  })
  .refine((line) => line.quantity * line.unitPriceCents <= QUOTE_LIMITS.maxLineCents, {
    message: QuoteWords.lineTooLarge,
    path: ['unitPriceCents'],
  });

const isoDate = z
  .string({ error: 'validUntil must be a date (YYYY-MM-DD).' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validUntil must be a date (YYYY-MM-DD).')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
    message: 'validUntil must be a real date.',
  });

/** The draft as the editor autosaves it: every field, each time. */
export const quoteDraftSchema = z.object({
  lines: z
    .array(quoteLineInputSchema, { error: 'lines must be a list of lines.' })
    .max(QUOTE_LIMITS.maxLines, `A quote may have at most ${String(QUOTE_LIMITS.maxLines)} lines.`),
  validUntil: isoDate,
  /** Null: the default (25 % from $1,000, none below). */
  depositPercent: z
    .number({ error: 'depositPercent must be a whole percent.' })
    .int('depositPercent must be a whole percent.')
    .min(0, 'depositPercent must be from 0 to 100.')
    .max(100, 'depositPercent must be from 0 to 100.')
    .nullable(),
  terms: paragraphsOfText('Terms', QUOTE_LIMITS.maxTerms),
  note: paragraphsOfText('The note', QUOTE_LIMITS.maxNote),
});
export type QuoteDraft = z.infer<typeof quoteDraftSchema>;

export const createQuoteSchema = z.object({
  estimateId: z
    .string({ error: 'estimateId must be an estimate request’s id.' })
    .regex(/^[a-f0-9]{32}$/, 'estimateId must be an estimate request’s id.'),
});

/** The emailed link's token; its signature is checked by QuoteLinks, not here. */
export const quoteTokenField = z
  .string({ error: QuoteWords.linkInvalid })
  .min(1, QuoteWords.linkInvalid)
  .max(200, QuoteWords.linkInvalid);

export const acceptQuoteSchema = z.object({
  token: quoteTokenField,
  name: lineOfText('Your name', QUOTE_LIMITS.maxName, true),
  /** Indexes of the optional items the customer adds. */
  optionalItems: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(QUOTE_LIMITS.maxLines - 1),
      {
        error: 'optionalItems must be a list of line numbers.',
      },
    )
    .max(QUOTE_LIMITS.maxLines)
    .default([]),
});

export const declineQuoteSchema = z.object({
  token: quoteTokenField,
  reason: paragraphsOfText('The reason', QUOTE_LIMITS.maxReason).default(''),
});

export const quoteTokenBodySchema = z.object({ token: quoteTokenField });

const quoteLineViewSchema = z.object({
  index: z.number().int(),
  description: z.string(),
  quantity: z.number().int(),
  /** HST included, as written. */
  unitPriceCents: z.number().int(),
  optional: z.boolean(),
  /** Whether it counts in the totals shown beside it (an optional item only once chosen). */
  included: z.boolean(),
  /** The line split by the one HST rule (before tax, HST, total), whether included or not. */
  split: invoiceLineSchema,
});

export const quoteTotalsSchema = z.object({
  subtotalCents: z.number().int(),
  hstCents: z.number().int(),
  totalCents: z.number().int(),
  depositPercent: z.number().int(),
  depositCents: z.number().int(),
  balanceCents: z.number().int(),
});

export const quoteHistoryEntrySchema = z.object({
  at: z.string(),
  event: z.string(),
  label: z.string(),
  detail: z.string().nullable(),
});

/** A visit of the job a quote became, as its customer and the operator read it. */
export const jobVisitSchema = z.object({
  id: z.string(),
  reference: z.string(),
  date: z.string(),
  time: z.string(),
  /** 'Morning (8am-12pm)'. */
  window: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  crewId: z.string().nullable(),
});
export type JobVisit = z.infer<typeof jobVisitSchema>;

/** The job an accepted quote became: its visits, and its balance once the work is done. */
export const quoteJobSchema = z.object({
  visits: z.array(jobVisitSchema),
  /** The balance's invoice, issued when the last visit is done. */
  balanceInvoice: z.object({ id: z.string(), number: z.string() }).nullable(),
  balanceCents: z.number().int(),
  balancePaid: z.boolean(),
  receipt: z.object({ id: z.string(), number: z.string() }).nullable(),
});
export type QuoteJob = z.infer<typeof quoteJobSchema>;

/** A quote as its customer reads it through the emailed link. */
export const customerQuoteSchema = z.object({
  id: z.string(),
  number: z.string(),
  revision: z.number().int(),
  status: z.enum(QUOTE_STATUSES),
  statusLabel: z.string(),
  /** Why it can no longer be answered, or null while it can. */
  closedReason: z.string().nullable(),
  customerName: z.string(),
  company: z.string().nullable(),
  serviceAddress: z.string(),
  sentDate: z.string().nullable(),
  validUntil: z.string(),
  lines: z.array(quoteLineViewSchema),
  /** Totals with the optional items chosen at acceptance (none before). */
  totals: quoteTotalsSchema,
  terms: z.string(),
  note: z.string(),
  acceptedBy: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  depositPaid: z.boolean(),
  /** The newer revision's link, when this one was replaced. */
  replacedByUrl: z.string().nullable(),
  /** Where to ask for a new quote, when it expired or was declined. */
  newQuoteUrl: z.string(),
  /** The job, once the quote became one (converted, balance due, completed); else null. */
  job: quoteJobSchema.nullable(),
});
export type CustomerQuote = z.infer<typeof customerQuoteSchema>;

/** An operator books one visit of the job on the board. */
export const jobVisitRequestSchema = z.object({
  date: z
    .string({ error: 'date must be a date (YYYY-MM-DD).' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be a date (YYYY-MM-DD).')
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
      message: 'date must be a real date.',
    }),
  time: z.enum(['morning', 'afternoon', 'evening'], {
    error: 'time must be morning, afternoon or evening.',
  }),
});

/** The answer to an accept: the quote, and the deposit's payment page when one is due. */
export const acceptAnswerSchema = z.object({
  message: z.string(),
  quote: customerQuoteSchema,
  checkoutUrl: z.string().nullable(),
});

/** A quote as the operator reads and edits it. */
export const adminQuoteSchema = z.object({
  id: z.string(),
  number: z.string(),
  revision: z.number().int(),
  status: z.enum(QUOTE_STATUSES),
  statusLabel: z.string(),
  estimateId: z.string().nullable(),
  estimateReference: z.string().nullable(),
  customer: z.object({
    name: z.string(),
    company: z.string().nullable(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
  }),
  serviceId: z.string(),
  draft: quoteDraftSchema,
  /** With every optional item included, for the editor's live totals. */
  totalsWithOptions: quoteTotalsSchema,
  /** Without the optional items (what the customer sees before choosing). */
  totals: quoteTotalsSchema,
  /** The totals the customer accepted (their chosen items), once accepted. */
  acceptedTotals: quoteTotalsSchema.nullable(),
  acceptance: z
    .object({
      name: z.string(),
      at: z.string(),
      ip: z.string(),
      optionalItems: z.array(z.number()),
    })
    .nullable(),
  declineReason: z.string().nullable(),
  depositInvoice: z.object({ id: z.string(), number: z.string() }).nullable(),
  sentAt: z.string().nullable(),
  updatedAt: z.string(),
  previousId: z.string().nullable(),
  replacedById: z.string().nullable(),
  /** A draft revision being written in its place, if any. */
  nextDraftId: z.string().nullable(),
  /** The customer's link (for a sent revision), to read what they read. */
  customerUrl: z.string().nullable(),
  history: z.array(quoteHistoryEntrySchema),
  job: quoteJobSchema.nullable(),
});
export type AdminQuote = z.infer<typeof adminQuoteSchema>;

export const adminQuoteSummarySchema = adminQuoteSchema
  .pick({
    id: true,
    number: true,
    revision: true,
    status: true,
    statusLabel: true,
    estimateReference: true,
    sentAt: true,
    updatedAt: true,
  })
  .extend({ customerName: z.string(), email: z.string(), totalCents: z.number().int() });
export type AdminQuoteSummary = z.infer<typeof adminQuoteSummarySchema>;

/** A quote in the customer's dashboard list, with its link. */
export const myQuoteSchema = z.object({
  id: z.string(),
  number: z.string(),
  revision: z.number().int(),
  status: z.enum(QUOTE_STATUSES),
  statusLabel: z.string(),
  validUntil: z.string(),
  totalCents: z.number().int(),
  url: z.string(),
});
export type MyQuote = z.infer<typeof myQuoteSchema>;
