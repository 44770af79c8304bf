import type { QuoteDraft } from '@hs/api/domain/quote/quote-schema';
import { quoteEditorContent as copy } from './quotes-content';

/**
 * The draft as the editor holds it (what the operator typed, as text) and the QuoteDraft the API
 * reads, one from the other. The only money the browser works out is the typed dollar amount's
 * cents, read from the text digit by digit: no floating-point multiplication, so 0.29 is 29 cents
 * and 1250.5 is 125050. Every total is the server's.
 */

export interface LineForm {
  /** Tells a row from the others while lines move, for React and for the focus. */
  readonly key: string;
  readonly description: string;
  readonly quantity: string;
  /** Dollars as typed: '1250.00'. */
  readonly price: string;
  readonly optional: boolean;
}

export interface DraftForm {
  readonly lines: readonly LineForm[];
  readonly validUntil: string;
  /** '' for the default (25 % from $1,000, none below). */
  readonly depositPercent: string;
  readonly terms: string;
  readonly note: string;
}

let lastKey = 0;

/** A key no other row of this page has. */
export function newLineKey(): string {
  lastKey += 1;
  return `line-${String(lastKey)}`;
}

export function blankLine(): LineForm {
  return { key: newLineKey(), description: '', quantity: '1', price: '', optional: false };
}

/** Whole cents as the editor shows them to be typed over: 125050 is '1250.50'. */
export function dollarsText(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${String(whole)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Whole cents as the console shows money: 125050 is '$1,250.50'. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '\u2212' : '';
  const amount = Math.abs(cents);
  const whole = Math.floor(amount / 100).toLocaleString('en-CA');
  return `${sign}$${whole}.${String(amount % 100).padStart(2, '0')}`;
}

export type DollarsParse =
  | { readonly ok: true; readonly cents: number }
  | { readonly ok: false; readonly problem: 'empty' | 'format' | 'decimals' | 'tooLarge' };

/** Whole dollars of more digits than this are refused here: their cents would leave exact range. */
const MAX_DOLLAR_DIGITS = 9;

/**
 * A typed dollar amount in whole cents, by its digits: '1250', '1250.5', '1,250.50', '$1250.50',
 * '.99'. More than two decimals is refused unless the extra ones are zeros ('19.990').
 */
export function parseDollars(typed: string): DollarsParse {
  let text = typed.trim().replace(/^\$\s*/, '');
  if (text === '') return { ok: false, problem: 'empty' };
  // Commas only as thousands separators: '1,250.00', never '1,25'.
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text)) text = text.replaceAll(',', '');
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  const whole = match?.[1] ?? '';
  const fraction = (match?.[2] ?? '').replace(/0+$/, '');
  if (match === null || (whole === '' && (match[2] ?? '') === '')) {
    return { ok: false, problem: 'format' };
  }
  if (fraction.length > 2) return { ok: false, problem: 'decimals' };
  const digits = whole.replace(/^0+/, '');
  if (digits.length > MAX_DOLLAR_DIGITS) return { ok: false, problem: 'tooLarge' };
  const cents = Number(digits === '' ? '0' : digits) * 100 + Number(fraction.padEnd(2, '0'));
  return { ok: true, cents };
}

/** A typed quantity: whole units only. */
export function parseQuantity(typed: string): number | 'empty' | 'format' {
  const text = typed.trim();
  if (text === '') return 'empty';
  return /^\d{1,7}$/.test(text) ? Number(text) : 'format';
}

/** A typed deposit percent: null for the default, a whole number, or 'format'. */
export function parsePercent(typed: string): number | null | 'format' {
  const text = typed.trim().replace(/\s*%$/, '');
  if (text === '') return null;
  return /^\d{1,3}$/.test(text) ? Number(text) : 'format';
}

/** The editor's text from the draft the API holds. */
export function formOf(draft: QuoteDraft): DraftForm {
  return {
    lines: draft.lines.map((line) => ({
      key: newLineKey(),
      description: line.description,
      quantity: String(line.quantity),
      price: dollarsText(line.unitPriceCents),
      optional: line.optional,
    })),
    validUntil: draft.validUntil,
    depositPercent: draft.depositPercent === null ? '' : String(draft.depositPercent),
    terms: draft.terms,
    note: draft.note,
  };
}

/** Where a field's error shows: `lines.<row key>.<field>`, or the draft's own field name. */
export type FieldErrors = Readonly<Record<string, string>>;

export const lineField = (key: string, field: keyof QuoteDraft['lines'][number]) =>
  `lines.${key}.${field}`;

/** A line nobody has typed in yet: left out of what is saved. */
export function isBlankLine(line: LineForm): boolean {
  return line.description.trim() === '' && line.price.trim() === '';
}

export type DraftReading =
  | {
      readonly ok: true;
      readonly draft: QuoteDraft;
      /** The row key of each line sent, by its index in `draft.lines`: the API's errors name it. */
      readonly sentKeys: readonly string[];
    }
  | { readonly ok: false; readonly errors: FieldErrors };

const PRICE_PROBLEMS = {
  empty: copy.priceRequired,
  format: copy.priceFormat,
  decimals: copy.priceDecimals,
  tooLarge: copy.priceTooLarge,
} as const;

/**
 * The QuoteDraft the API reads, or the errors of what cannot be sent at all (a price or a
 * quantity that is not a number). Anything else (an empty description, a past date, a price over
 * the limit) is the API's to judge: its 400 names the field.
 */
export function readDraft(form: DraftForm): DraftReading {
  const errors: Record<string, string> = {};
  const lines: QuoteDraft['lines'] = [];
  const sentKeys: string[] = [];
  for (const line of form.lines) {
    if (isBlankLine(line)) continue;
    const price = parseDollars(line.price);
    const quantity = parseQuantity(line.quantity);
    if (!price.ok) errors[lineField(line.key, 'unitPriceCents')] = PRICE_PROBLEMS[price.problem];
    if (quantity === 'empty') errors[lineField(line.key, 'quantity')] = copy.quantityRequired;
    if (quantity === 'format') errors[lineField(line.key, 'quantity')] = copy.quantityFormat;
    if (price.ok && typeof quantity === 'number') {
      lines.push({
        description: line.description,
        quantity,
        unitPriceCents: price.cents,
        optional: line.optional,
      });
      sentKeys.push(line.key);
    }
  }
  const depositPercent = parsePercent(form.depositPercent);
  if (depositPercent === 'format') errors.depositPercent = copy.depositFormat;
  if (Object.keys(errors).length > 0 || depositPercent === 'format') return { ok: false, errors };
  return {
    ok: true,
    draft: {
      lines,
      validUntil: form.validUntil,
      depositPercent,
      terms: form.terms,
      note: form.note,
    },
    sentKeys,
  };
}

/**
 * The API's field errors (zod paths: `lines.1.unitPriceCents`) where the editor shows them: a
 * line's by its row key. A path naming no field of the editor keeps its own key.
 */
export function fieldErrorsOf(
  fields: Readonly<Record<string, string>>,
  sentKeys: readonly string[],
): FieldErrors {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const line = /^lines\.(\d+)(?:\.(\w+))?/.exec(path);
    const key = line === null ? undefined : sentKeys[Number(line[1])];
    if (line !== null && key !== undefined) {
      // A line's own refinement without a field is shown by its description.
      errors[`lines.${key}.${line[2] ?? 'description'}`] = message;
    } else {
      errors[path] = message;
    }
  }
  return errors;
}
