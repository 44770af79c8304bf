import fc from 'fast-check';

/**
 * The raw material of hostile requests: strings and values that have broken web applications
 * before. Used by the fuzz test to fill fields, query strings, headers and bodies.
 */

/** Text that means something to some layer: markup, SQL, templates, paths, headers, Unicode. */
export const NASTY_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\r\nBcc: victim@evil.test',
  '\nX-Injected: yes',
  '\u202Egnp.exe',
  'Maya\u202E\u2066gnp.exe\u2069',
  '\u202A\u202B\u202C\u202D',
  '\u2066\u2067\u2068\u2069',
  '\u001B[2J\u001B[31m',
  '\u009B31m\u0080\u009F',
  '\u007F',
  '\u200F\u200E\u061C',
  'مرحبا بالعالم',
  'שלום',
  '\uD800',
  '\uDFFF',
  'a\uDC00b\uD83D',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'Z̷̢̛̖͇̰̀a̵̧̛̘l̷̢̛g̶o̵',
  '\uFEFF\u200B\u2028\u2029\u0085',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  '${7*7}{{7*7}}<%= 7*7 %>',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '/etc/passwd',
  'C:\\boot.ini',
  'file:///etc/passwd',
  'javascript:alert(1)',
  '//evil.test',
  'https://evil.test/',
  '__proto__',
  'constructor',
  'prototype',
  '$where',
  '$gt',
  'sleep(5000)',
  'NaN',
  'null',
  'undefined',
  'true',
  '-1',
  '1e309',
  '0x41',
  '٣',
  '\t\t',
  '%00',
  '%',
  '%zz',
  '%c0%ae%c0%ae/',
] as const;

export const nastyText: fc.Arbitrary<string> = fc.constantFrom(...NASTY_TEXT);

/**
 * Characters that are not text: C0 controls (line breaks and tab among them), DEL, C1 controls
 * (NEL, CSI) and the bidirectional embeddings, overrides and isolates. Which of them a field
 * refuses, its schema says (`not.pattern`): a one-line field all of them, a multi-line one all
 * but LF, CR and tab.
 */
export const HIDDEN_CHARACTERS = [
  '\u0000',
  '\u0007',
  '\t',
  '\n',
  '\r',
  '\u000B',
  '\u000C',
  '\u001B',
  '\u001F',
  '\u007F',
  '\u0080',
  '\u0085',
  '\u009B',
  '\u009F',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
] as const;

/** Any text: nasty pieces, arbitrary code points and short printable runs, joined. */
export const hostileText: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: nastyText },
      { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
      { weight: 2, arbitrary: fc.string({ maxLength: 16 }) },
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((pieces) => pieces.join(''));

/**
 * Long text of `minLength` to `maxLength` characters, counted as code points (as zod and JSON
 * Schema count them: an emoji is one, though it is two UTF-16 units).
 */
export function longText(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc
    .tuple(fc.integer({ min: minLength, max: maxLength }), fc.constantFrom('x', 'é', '👍', '<'))
    .map(([length, unit]) => unit.repeat(length));
}

/** MongoDB query and update operators where a plain value belongs. */
export const OPERATOR_VALUES: readonly unknown[] = [
  { $gt: '' },
  { $ne: null },
  { $exists: true },
  { $regex: '.*' },
  { $where: 'sleep(5000) || true' },
  { $in: ['admin', 'customer'] },
  { $expr: { $eq: [1, 1] } },
  { $function: { body: 'function () { return true }', args: [], lang: 'js' } },
  { $set: { role: 'admin' } },
  { $$ROOT: 1 },
];

export const operatorValue: fc.Arbitrary<unknown> = fc.constantFrom(...OPERATOR_VALUES);

/** A value of any JSON type but a string: for fields that must be strings. */
export const notAString: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(nastyText, fc.integer()), { maxLength: 3 }),
  fc.dictionary(nastyText, nastyText, { maxKeys: 3 }),
  operatorValue,
);

/** A value of any JSON type but a whole number: for fields that must be numbers of cents. */
export const notAnInteger: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '14900',
    '1e5',
    0.5,
    -1,
    0,
    1e21,
    Number.MAX_SAFE_INTEGER + 2,
    -0.0000001,
    Infinity,
  ),
  fc.double({ noInteger: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  operatorValue,
);

/** JSON text nested `depth` levels deep, arrays or objects. */
export const deeplyNested: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 100, max: 40_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? `${'['.repeat(depth)}${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** Text that is almost JSON. */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"email": ',
    '{"email": "a@b.test",}',
    "{'email': 'a@b.test'}",
    '{"email": undefined}',
    '{"a": NaN}',
    '{"a": 01}',
    '{"a": "\\ud800"}',
    '{"a": "\u0000"}',
    '\uFEFF{"a": 1',
    '{"a":1}{"b":2}',
    '[',
    '"',
    'nul',
    '{"__proto__": ',
    '\u0000',
  ),
  fc.string({ unit: 'binary', maxLength: 64 }).map((text) => `{${text}`),
);

/** A top-level JSON value that is not an object. */
export const notAnObject: fc.Arbitrary<string> = fc.constantFrom(
  'null',
  'true',
  '0',
  '"a string"',
  '[]',
  '[{"email": "a@b.test"}]',
  '[null]',
);

/** Header values Node will send: tab and the Latin-1 printable range only. */
export function headerSafe(text: string): string {
  return text.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
}

/** Percent-encodes the UTF-8 bytes of any string (lone surrogates as U+FFFD), like a browser. */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** A path or query piece: percent-encoded text, or raw escapes that decode badly or sneakily. */
export const urlPiece: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: hostileText.map(percentEncode) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '%',
      '%zz',
      '%E0%A4%A',
      '%C0%AE%C0%AE',
      '%FF%FE',
      '%00',
      '..%2F..%2F',
      '%2e%2e',
      '..',
      '.',
      '%252e%252e%252f',
      '%5C..%5C',
    ),
  },
  // Long, but mostly within Node's 16 kB header limit (the URL counts): past it, Node answers 431.
  { weight: 1, arbitrary: longText(200, 1_000).map(percentEncode) },
);

/** Bytes that begin like a JPEG and then are something else entirely. */
export const JPEG_POLYGLOTS: readonly Buffer[] = [
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('<?php system($_GET["c"]); ?>')]),
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from('<html><script>alert(document.domain)</script></html>'),
  ]),
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('PK\u0003\u0004evil.js')]),
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xdb]), Buffer.alloc(64, 0)]),
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff]),
    Buffer.from('%PDF-1.7\n1 0 obj <</JS (app.alert(1))>> endobj'),
  ]),
];

/** Bytes that are no image the API accepts (not JPEG, PNG or WebP by their first bytes). */
export const notAnImage: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constantFrom(
    Buffer.from('GIF89a\u0001\u0000\u0001\u0000'),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    Buffer.from('%PDF-1.4'),
    Buffer.from('MZ\u0090\u0000'),
    Buffer.from('\u0000\u0000\u0000\u0018ftypheic'),
    Buffer.from([0xff, 0xd8]),
    Buffer.from([0x89, 0x50, 0x4e]),
    Buffer.from('RIFF\u0000\u0000\u0000\u0000AVI '),
  ),
  fc.uint8Array({ minLength: 1, maxLength: 2_048 }).map((bytes) => Buffer.from([0x00, ...bytes])),
);

/**
 * What a stranger types into a form that names somebody else's email address (issue 30): each
 * field a message of their own, with a link. Each passes the form's checks, so the API takes it.
 */
export const TYPED_BY_A_STRANGER = {
  name: 'URGENT refund pending visit http://evil.example/claim',
  address: '1 Phishing Lane, pay at http://evil.example/address M4W 1P8',
  details: 'WIRE the deposit first: http://evil.example/details',
} as const;

/**
 * Pieces of TYPED_BY_A_STRANGER that none of our own words contain: finding none of them in an
 * email is finding none of the typed text, however it was cut, folded or escaped.
 */
export const STRANGER_MARKERS = ['URGENT', 'evil.example', 'Phishing', 'WIRE'] as const;
