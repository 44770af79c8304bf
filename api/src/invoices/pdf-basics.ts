import PDFDocument from 'pdfkit';

/**
 * What every document PDF shares (invoices, credit notes, receipts and quotes): the page, the
 * sizes, the fonts, how a date reads and how text is made drawable.
 *
 * Only pdfkit's standard Helvetica is used: built into every PDF reader, nothing read or
 * embedded. Its encoding is WinAnsi, and pdfkit writes a character outside it as more than one
 * byte of its hex string, which shifts and garbles the rest of the run (a name with "ễ" would
 * turn the line after it into noise). So every text goes through `winAnsi` first: a letter with
 * an accent WinAnsi lacks loses the accent ("ễ" reads "e"), what has no such spelling reads "?",
 * and invisible formatting characters are dropped.
 */

export const PAGE_SIZE = 'LETTER';
export const MARGIN = 50;
/** Room between the body and the footer's rule. */
export const FOOTER_GAP = 14;
export const BODY_SIZE = 10;
export const SMALL_SIZE = 8;
export const TABLE_SIZE = 9;
export const CELL_PADDING = 4;

export const REGULAR = 'Helvetica';
export const BOLD = 'Helvetica-Bold';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * The characters of WinAnsi above Latin-1's printable ASCII: Latin-1's upper half (U+00A0 to
 * U+00FF) and the 27 that Windows-1252 puts at 0x80 to 0x9F (pdfkit's WIN_ANSI_MAP).
 */
const WIN_ANSI_EXTRA = new Set([
  0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014,
  0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039,
  0x203a, 0x20ac, 0x2122,
]);

function isWinAnsi(codePoint: number): boolean {
  return (
    (codePoint >= 0x20 && codePoint <= 0x7e) ||
    (codePoint >= 0xa0 && codePoint <= 0xff) ||
    WIN_ANSI_EXTRA.has(codePoint)
  );
}

/** Whether every code point of `text` is one of WinAnsi's. */
function encodable(text: string): boolean {
  for (const char of text) if (!isWinAnsi(char.codePointAt(0) ?? 0)) return false;
  return true;
}

/**
 * Characters outside WinAnsi with a plain spelling inside it that Unicode's decompositions do not
 * give (a stroke is not an accent).
 */
const PLAIN: Readonly<Record<string, string>> = {
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0126': 'H',
  '\u0127': 'h',
  '\u0131': 'i',
  '\u0166': 'T',
  '\u0167': 't',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2044': '/',
  '\u2190': '<-',
  '\u2192': '->',
};

/**
 * Text as the standard fonts can draw it (see the file's comment): one line, or several when
 * `lines` (line breaks kept as LF, tabs as spaces).
 */
export function winAnsi(text: string, lines = false): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n').normalize('NFC')) {
    if (char === '\n') {
      out += lines ? '\n' : ' ';
      continue;
    }
    if (char === '\t') {
      out += ' ';
      continue;
    }
    if (encodable(char)) {
      out += char;
      continue;
    }
    const plain = PLAIN[char];
    if (plain !== undefined) {
      out += plain;
      continue;
    }
    // "ễ" is "e" and two accents; "ﬁ" is "fi"; a full-width "Ａ" is "A".
    const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
    if (base !== '' && encodable(base)) out += base;
    else if (/\p{Z}/u.test(char)) out += ' ';
    // Joiners, direction marks, variation selectors, a stray accent: nothing to see.
    else if (!/[\p{Cf}\p{M}]/u.test(char)) out += '?';
  }
  return out;
}

/**
 * "2026-11-29" as "November 29, 2026", from the string itself: no time zone can shift the day.
 * Anything else is printed as it is.
 */
export function documentDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || month === undefined) return isoDate;
  return `${month} ${String(Number(match[3]))}, ${match[1] ?? ''}`;
}

/**
 * A new document on the shared page, buffered so the footer can go on every page once the body
 * knows how many it took, and the bytes it will be once ended. `stamp` is the document's own
 * instant (its issue or sending), never the render time: the same document renders to the same
 * bytes, and pdfkit derives the file ID from these fields.
 */
export function openDocumentPdf(info: {
  title: string;
  author: string;
  subject: string;
  stamp: Date;
}): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: PAGE_SIZE,
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      CreationDate: info.stamp,
      ModDate: info.stamp,
    },
    displayTitle: true,
    lang: 'en-CA',
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
