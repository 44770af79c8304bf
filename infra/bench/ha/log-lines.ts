import { openSync, readSync, closeSync, statSync } from 'node:fs';

/** How many times one kind of line was logged, and one of them in full. */
export interface LineKind {
  count: number;
  /** 'request failed: MongoNetworkError (code -): connection 12 to 127.0.0.1:27021 closed' */
  kind: string;
  example: string;
}

export function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** The lines written to `file` after it was `from` bytes long. */
export function linesSince(file: string, from: number): string[] {
  const length = sizeOf(file) - from;
  if (length <= 0) return [];
  const buffer = Buffer.alloc(length);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, length, from);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8').split('\n').filter(Boolean);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** The API's and the workers' pino lines: warnings and worse are 40 and above. */
const WARN = 40;

/**
 * Warnings and errors grouped by what they say (the message, the error's type, code and first
 * words): an election's hundreds of lines read as a handful of kinds, the most frequent first.
 */
export function warningsByKind(lines: readonly string[]): LineKind[] {
  const kinds = new Map<string, LineKind>();
  for (const line of lines) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      // Not pino's: a crash's stack trace, say. Kept whole, since it is rare and telling.
      parsed = { level: WARN, msg: line };
    }
    if (!isRecord(parsed) || Number(parsed.level) < WARN) continue;
    const err = isRecord(parsed.err) ? parsed.err : undefined;
    const res = isRecord(parsed.res) ? parsed.res : undefined;
    const parts = [
      text(parsed.msg),
      res ? `status ${text(res.statusCode)}` : '',
      err
        ? `${text(err.type)} (code ${text(err.code) || '-'}): ${text(err.message).slice(0, 120)}`
        : '',
    ];
    const kind = parts.filter(Boolean).join(': ');
    const known = kinds.get(kind);
    if (known) known.count += 1;
    else kinds.set(kind, { count: 1, kind, example: line.slice(0, 2_000) });
  }
  return [...kinds.values()].sort((a, b) => b.count - a.count);
}

/** The lines that mention any of `ids` (request ids), at most `limit`. */
export function linesMentioning(lines: readonly string[], ids: readonly string[], limit = 20) {
  if (ids.length === 0) return [];
  return lines.filter((line) => ids.some((id) => line.includes(id))).slice(0, limit);
}
