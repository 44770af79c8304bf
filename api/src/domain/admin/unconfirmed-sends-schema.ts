import '../zod-config';
import { z } from 'zod';
import {
  UNCONFIRMED_LIST_STATES,
  UNCONFIRMED_SEND_KINDS,
  type ListCursor,
} from './unconfirmed-sends';

/** The requests of the unconfirmed sends' routes. Browser-safe: zod and domain/ only. */

const OBJECT_ID = /^[a-f0-9]{24}$/;
/** A page's `nextCursor`: its last row's moment (milliseconds) and id. */
const CURSOR = /^(\d{1,15})\.([a-f0-9]{24})$/;

export function cursorText(cursor: ListCursor): string {
  return `${String(cursor.at.getTime())}.${cursor.id}`;
}

const CURSOR_MESSAGE = 'cursor must be the nextCursor of a page of this list.';

const cursorField = z
  .string({ error: CURSOR_MESSAGE })
  .regex(CURSOR, CURSOR_MESSAGE)
  .transform((text): ListCursor => {
    const [, at = '', id = ''] = CURSOR.exec(text) ?? [];
    return { at: new Date(Number(at)), id };
  });

export const unconfirmedListQuerySchema = z.object({
  state: z
    .enum(UNCONFIRMED_LIST_STATES, {
      error: `state must be one of: ${UNCONFIRMED_LIST_STATES.join(', ')}.`,
    })
    .default('unconfirmed'),
  cursor: cursorField.optional(),
});

/** The path of one send: its kind and its row's id, each refused with a 400 when malformed. */
export const unconfirmedSendParamsSchema = z.object({
  kind: z
    .enum(UNCONFIRMED_SEND_KINDS, {
      error: `kind must be one of: ${UNCONFIRMED_SEND_KINDS.join(', ')}.`,
    })
    .describe('email (a transactional email) or newsletter (a campaign’s delivery).'),
  id: z
    .string()
    .regex(OBJECT_ID, 'id must be the id of a send (24 hexadecimal characters).')
    .describe('The send’s id, from the list.'),
});
