import {
  UnconfirmedSendWords as Words,
  type UnconfirmedSendList,
  type UnconfirmedSendView,
} from '@hs/api/domain/admin/unconfirmed-sends';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiStub } from '../../test-support/api-stub';
import { renderWithQueryClient } from '../../test-support/render';
import { UnconfirmedSendsSection } from './UnconfirmedSendsSection';
import type { AdminSession } from './use-admin-data';

const api = createApiStub();
const deny = vi.fn<AdminSession['deny']>();
const session: AdminSession = { token: 'admin-token', deny };
const LIST = '/api/admin/unconfirmed-sends';

const confirmation: UnconfirmedSendView = {
  id: 'a'.repeat(24),
  kind: 'email',
  to: 'alex@example.com',
  subject: 'Your booking HS-1001 is confirmed',
  campaignId: null,
  committedAt: '2030-05-01T14:00:00.000Z',
  canSendAgain: true,
  decisions: [],
};

const newsletter: UnconfirmedSendView = {
  id: 'b'.repeat(24),
  kind: 'newsletter',
  to: 'robin@example.com',
  subject: 'Spring tips',
  campaignId: 'c'.repeat(24),
  committedAt: '2030-05-01T13:00:00.000Z',
  canSendAgain: true,
  decisions: [],
};

const page = (sends: UnconfirmedSendView[], nextCursor: string | null = null) => ({
  json: { sends, nextCursor } satisfies UnconfirmedSendList,
});

function renderSection() {
  renderWithQueryClient(<UnconfirmedSendsSection session={session} />);
}

/** The row of a send in the table, found by its recipient (the row's header). */
async function rowOf(to: string): Promise<HTMLElement> {
  const header = await screen.findByRole('rowheader', { name: to });
  const row = header.closest('tr');
  if (row === null) throw new Error(`no row for ${to}`);
  return row;
}

beforeEach(() => {
  api.install();
});

afterEach(() => {
  cleanup();
  api.reset();
  deny.mockReset();
  vi.unstubAllGlobals();
});

describe('UnconfirmedSendsSection', () => {
  it('lists the sends waiting for a decision, both kinds, with what each was and when', async () => {
    api.on(`GET ${LIST}`, page([confirmation, newsletter]));
    renderSection();
    const row = await rowOf('alex@example.com');
    within(row).getByText('Your booking HS-1001 is confirmed');
    within(row).getByText('Email');
    within(row).getByText('None yet');
    within(row).getByRole('button', { name: 'Send again' });
    within(row).getByRole('button', { name: 'Mark as delivered' });
    const other = await rowOf('robin@example.com');
    within(other).getByText('Newsletter');
    within(other).getByText('Spring tips');
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe(
      'Unconfirmed emails waiting for a decision, newest first',
    );

    const [call] = api.callsTo(`GET ${LIST}`);
    expect(call?.url).toBe(`${LIST}?state=unconfirmed`);
    expect(call?.authorization).toBe('Bearer admin-token');
  });

  it('says so when nothing waits for a decision', async () => {
    api.on(`GET ${LIST}`, page([]));
    renderSection();
    await screen.findByText('No email is waiting for a decision.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('sends an email again once confirmed, says what was done, and moves the focus off the gone row', async () => {
    api.on(`GET ${LIST}`, page([confirmation, newsletter]));
    const done = Words.sentAgain('email', confirmation.subject, confirmation.to);
    api.on(`POST ${LIST}/email/${confirmation.id}/send-again`, {
      json: {
        send: { ...confirmation, canSendAgain: false, decisions: [] },
        message: done,
      },
    });
    renderSection();
    const row = await rowOf('alex@example.com');
    fireEvent.click(within(row).getByRole('button', { name: 'Send again' }));
    // Asked once more, the safe answer focused: Enter does not send by accident.
    const question = within(row).getByRole('group', {
      name: `Send “${confirmation.subject}” to alex@example.com again? Only if they did not get it: if they did, they get it twice.`,
    });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Not now' }));
    expect(api.callsTo('POST *')).toHaveLength(0);
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, send it again' }));

    expect((await screen.findByRole('status')).textContent).toBe(done);
    expect(screen.queryByRole('rowheader', { name: 'alex@example.com' })).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'robin@example.com' })).toBeDefined();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Unconfirmed emails' }),
    );
    const posts = api.callsTo('POST *');
    expect(posts.map((call) => call.path)).toEqual([`${LIST}/email/${confirmation.id}/send-again`]);
    expect(posts[0]?.authorization).toBe('Bearer admin-token');
  });

  it('marks a newsletter delivered once confirmed, and can go back from the question', async () => {
    api.on(`GET ${LIST}`, page([newsletter]));
    const done = Words.markedDelivered(newsletter.subject, newsletter.to);
    api.on(`POST ${LIST}/newsletter/${newsletter.id}/mark-delivered`, {
      json: { send: { ...newsletter, canSendAgain: false }, message: done },
    });
    renderSection();
    const row = await rowOf('robin@example.com');
    fireEvent.click(within(row).getByRole('button', { name: 'Mark as delivered' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Not now' }));
    // Back to the buttons, the focus on the one that asked.
    expect(document.activeElement).toBe(
      within(row).getByRole('button', { name: 'Mark as delivered' }),
    );
    expect(api.callsTo('POST *')).toHaveLength(0);

    fireEvent.click(within(row).getByRole('button', { name: 'Mark as delivered' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, it arrived' }));
    expect((await screen.findByRole('status')).textContent).toBe(done);
    expect(api.callsTo('POST *').map((call) => call.path)).toEqual([
      `${LIST}/newsletter/${newsletter.id}/mark-delivered`,
    ]);
    await screen.findByText('No email is waiting for a decision.');
  });

  it('shows a refusal, reads the list again, and gives the focus back to the button', async () => {
    let reads = 0;
    api.on(`GET ${LIST}`, () => {
      reads += 1;
      return page([confirmation]);
    });
    const refusal = Words.alreadyDecided('mark-delivered', 'sam@example.com');
    api.on(`POST ${LIST}/email/${confirmation.id}/send-again`, {
      status: 409,
      body: { error: refusal, message: refusal, code: 'conflict' },
    });
    renderSection();
    const row = await rowOf('alex@example.com');
    fireEvent.click(within(row).getByRole('button', { name: 'Send again' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, send it again' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    await vi.waitFor(() => {
      expect(reads).toBe(2);
    });
    await vi.waitFor(() => {
      expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Send again' }));
    });
  });

  it('offers only Mark as delivered for an email that cannot be rebuilt', async () => {
    api.on(`GET ${LIST}`, page([{ ...confirmation, canSendAgain: false }]));
    renderSection();
    const row = await rowOf('alex@example.com');
    expect(within(row).queryByRole('button', { name: 'Send again' })).toBeNull();
    within(row).getByRole('button', { name: 'Mark as delivered' });
    within(row).getByText('Cannot be sent again from here.');
  });

  it('shows the decided ones with who decided and when, and pages by cursor', async () => {
    const decided: UnconfirmedSendView = {
      ...confirmation,
      canSendAgain: false,
      decisions: [
        {
          decision: 'send-again',
          adminId: 'u1',
          adminEmail: 'sam@example.com',
          at: '2030-05-01T15:30:00.000Z',
        },
      ],
    };
    api.on(`GET ${LIST}`, (call) =>
      call.query.get('state') === 'decided'
        ? call.query.get('cursor') === null
          ? page([decided], `1904300000000.${'a'.repeat(24)}`)
          : page([{ ...decided, id: 'd'.repeat(24), to: 'older@example.com' }])
        : page([confirmation]),
    );
    renderSection();
    await rowOf('alex@example.com');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'decided' } });
    const row = await rowOf('alex@example.com');
    within(row).getByText(/^Send again by sam@example\.com, /);
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe(
      'Decided emails, latest decision first',
    );

    const pages = screen.getByRole('group', { name: 'Pages of unconfirmed emails' });
    expect(within(pages).getByRole('button', { name: 'Newer' })).toHaveProperty('disabled', true);
    fireEvent.click(within(pages).getByRole('button', { name: 'Older' }));
    await rowOf('older@example.com');
    expect(api.callsTo(`GET ${LIST}`).at(-1)?.url).toBe(
      `${LIST}?state=decided&cursor=1904300000000.${'a'.repeat(24)}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Newer' }));
    await rowOf('alex@example.com');
  });

  it('hands a refusal of the session to the page', async () => {
    api.on(`GET ${LIST}`, { status: 403, body: { error: 'Admins only.' } });
    renderSection();
    await vi.waitFor(() => {
      expect(deny).toHaveBeenCalledWith('forbidden');
    });
  });
});
