import type { ReadStream } from 'node:tty';

/**
 * Where a new admin's password comes from when it is not on the command line, where it would
 * stay in the shell's history: typed at a hidden prompt, or piped in (`--password-stdin`).
 */

/** The first line of standard input (a pipe or a file): `printf %s "$PW" | npm run admin ...`. */
export async function readPasswordFromStdin(input: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACE = new Set(['\u007f', '\b']);

/** Asks for a line at the terminal without echoing it. Ctrl-C or Ctrl-D gives up. */
export function promptHidden(
  question: string,
  input: ReadStream,
  output: NodeJS.WritableStream,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error: Error | null) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer | string) => {
      for (const key of chunk.toString()) {
        if (key === CTRL_C || key === CTRL_D) {
          finish(new Error('cancelled: no password given.'));
          return;
        }
        if (key === '\r' || key === '\n') {
          finish(null);
          return;
        }
        if (BACKSPACE.has(key)) typed = typed.slice(0, -1);
        else if (key >= ' ') typed += key;
      }
    };
    // Echo goes off before the question shows: what is typed once it shows is never echoed.
    input.setRawMode(true);
    output.write(question);
    input.resume();
    input.on('data', onData);
  });
}

/** A password typed twice at the terminal, so a slip of the finger does not lock the admin out. */
export async function promptNewPassword(
  input: ReadStream,
  output: NodeJS.WritableStream,
): Promise<string> {
  const password = await promptHidden('Password for the new admin: ', input, output);
  const again = await promptHidden('The same password again: ', input, output);
  if (password !== again) throw new Error('the two passwords differ: nothing was created.');
  return password;
}
