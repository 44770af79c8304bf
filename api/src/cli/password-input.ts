import passwordPrompt from '@inquirer/password';
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

/** Asks for a line at the terminal without echoing it. Ctrl-C or Ctrl-D gives up. */
export async function promptHidden(
  question: string,
  input: ReadStream,
  output: NodeJS.WritableStream,
): Promise<string> {
  // Ctrl-D on an empty line only closes the prompt's readline, which would leave it waiting
  // forever and the command exiting 0 without a word: it is a way to give up, as Ctrl-C is.
  const giveUp = new AbortController();
  const onKey = (_text: string | undefined, key: { ctrl?: boolean; name?: string } | undefined) => {
    if (key?.ctrl === true && key.name === 'd') giveUp.abort();
  };
  input.on('keypress', onKey);
  try {
    // readline reads an escape sequence as one key, so an arrow key never puts "[A" into the
    // password. No mask (its length stays hidden too) and no Ctrl-T to show it on screen.
    return await passwordPrompt(
      { message: question, mask: false, toggleMask: false },
      { input, output, signal: giveUp.signal },
    );
  } catch (error) {
    // Ctrl-C (ExitPromptError) or Ctrl-D (AbortPromptError); by name, as inquirer documents.
    if (error instanceof Error && ['ExitPromptError', 'AbortPromptError'].includes(error.name)) {
      throw new Error('cancelled: no password given.', { cause: error });
    }
    throw error;
  } finally {
    input.off('keypress', onKey);
  }
}

/** A password typed twice at the terminal, so a slip of the finger does not lock the admin out. */
export async function promptNewPassword(
  input: ReadStream,
  output: NodeJS.WritableStream,
): Promise<string> {
  const password = await promptHidden('Password for the new admin:', input, output);
  const again = await promptHidden('The same password again:', input, output);
  if (password !== again) throw new Error('the two passwords differ: nothing was created.');
  return password;
}
