/** One part of a multipart/form-data body, written out by hand so that it can be wrong. */
export interface MultipartPart {
  name: string;
  value: string | Buffer;
  /** Makes the part a file. Written into the header as given: quotes, slashes, NUL and all. */
  filename?: string;
  contentType?: string;
}

export interface MultipartOptions {
  boundary?: string;
  /**
   * Cut the body at this fraction (0 to 1) of its length, always before the closing boundary
   * (without it no parser may take the form as complete): a client that went away.
   */
  truncateAt?: number;
}

export interface MultipartBody {
  body: Buffer;
  contentType: string;
}

/** Quotes a header parameter the way browsers do, leaving anything else as the caller wrote it. */
const quoted = (value: string) => `"${value.replace(/"/g, '%22').replace(/\r?\n/g, ' ')}"`;

/**
 * A multipart/form-data body with the parts exactly as given: duplicate names, hostile file
 * names and any bytes. supertest's `field`/`attach` normalise too much for hostile tests.
 */
export function multipartBody(
  parts: MultipartPart[],
  options: MultipartOptions = {},
): MultipartBody {
  const boundary = options.boundary ?? `----hostile${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let disposition = `Content-Disposition: form-data; name=${quoted(part.name)}`;
    if (part.filename !== undefined) disposition += `; filename=${quoted(part.filename)}`;
    const headers = [`--${boundary}`, disposition];
    if (part.contentType !== undefined) headers.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(`${headers.join('\r\n')}\r\n\r\n`, 'utf8'));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  // The CRLF before the closing delimiter belongs to the delimiter: a cut keeps neither.
  const lastPartEnd = Buffer.concat(chunks).length - 2;
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const whole = Buffer.concat(chunks);
  const body =
    options.truncateAt === undefined
      ? whole
      : whole.subarray(0, Math.floor(Math.max(0, lastPartEnd) * Math.min(1, options.truncateAt)));
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
