import { cursorText } from '../domain/admin/unconfirmed-sends-schema';
import {
  UNCONFIRMED_PAGE_SIZE,
  type ListCursor,
  type SendDecisionAnswer,
  type UnconfirmedListState,
  type UnconfirmedSendKind,
  type UnconfirmedSendList,
  type UnconfirmedSendView,
} from '../domain/admin/unconfirmed-sends';
import type { ListedSend, Operator } from '../mail/send-decision';
import type { UnconfirmedEmails } from '../mail/unconfirmed-emails';
import type { UnconfirmedDeliveries } from '../newsletter/unconfirmed-deliveries';

/** What each kind of send offers the list: its page, and the two decisions. */
interface SendSource {
  page(
    state: UnconfirmedListState,
    cursor: ListCursor | undefined,
    limit: number,
  ): Promise<ListedSend<UnconfirmedSendView>[]>;
  sendAgain(id: string, operator: Operator): Promise<SendDecisionAnswer>;
  markDelivered(id: string, operator: Operator): Promise<SendDecisionAnswer>;
}

/** Newest first; between rows of the same moment, the greater id first, as the indexes order. */
function newestFirst(a: ListedSend<unknown>, b: ListedSend<unknown>): number {
  const byTime = b.key.at.getTime() - a.key.at.getTime();
  if (byTime !== 0) return byTime;
  // Ids are hexadecimal of one length: compared as text, in the order of their bytes.
  return a.key.id === b.key.id ? 0 : a.key.id < b.key.id ? 1 : -1;
}

/**
 * The operators' one list of unconfirmed sends, transactional emails and newsletter deliveries
 * together, and their decisions, each kind's taken by the module that owns its rows.
 */
export class UnconfirmedSends {
  private readonly sources: Record<UnconfirmedSendKind, SendSource>;

  constructor(sources: { emails: UnconfirmedEmails; deliveries: UnconfirmedDeliveries }) {
    this.sources = { email: sources.emails, newsletter: sources.deliveries };
  }

  /**
   * A page of both kinds, merged by key: each kind's next page holds every row of its own that
   * can be on the merged one, and the row after the page's last says whether more follow.
   */
  async list(
    state: UnconfirmedListState,
    cursor: ListCursor | undefined,
  ): Promise<UnconfirmedSendList> {
    const pages = await Promise.all(
      Object.values(this.sources).map((source) =>
        source.page(state, cursor, UNCONFIRMED_PAGE_SIZE + 1),
      ),
    );
    const merged = pages.flat().sort(newestFirst);
    const page = merged.slice(0, UNCONFIRMED_PAGE_SIZE);
    const last = page.at(-1);
    return {
      sends: page.map((listed) => listed.view),
      nextCursor: merged.length > page.length && last ? cursorText(last.key) : null,
    };
  }

  sendAgain(kind: UnconfirmedSendKind, id: string, operator: Operator) {
    return this.sources[kind].sendAgain(id, operator);
  }

  markDelivered(kind: UnconfirmedSendKind, id: string, operator: Operator) {
    return this.sources[kind].markDelivered(id, operator);
  }
}
