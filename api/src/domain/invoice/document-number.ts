/**
 * The numbers of the business's documents: `HS-2026-000001` for invoices and
 * `HS-CN-2026-000001` for credit notes, consecutive within a calendar year (Toronto's), with no
 * gaps. The allocator (invoices/document-numbers.ts) hands out the sequence; this says how it reads.
 */
export const DOCUMENT_KINDS = ['invoice', 'credit_note', 'receipt'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

const PREFIX: Record<DocumentKind, string> = {
  invoice: 'HS',
  credit_note: 'HS-CN',
  // The payment of an invoice issued before it was paid (a quote's balance): not a sale again.
  receipt: 'HS-R',
};

export function documentNumber(kind: DocumentKind, year: number, sequence: number): string {
  return `${PREFIX[kind]}-${String(year)}-${String(sequence).padStart(6, '0')}`;
}

/** `HS-2026-000001`, `HS-CN-2026-000001` or `HS-R-2026-000001`, and nothing else. */
export const DOCUMENT_NUMBER_PATTERN = /^HS-(?:CN-|R-)?\d{4}-\d{6}$/;
