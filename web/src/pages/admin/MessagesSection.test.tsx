import type {
  AdminContactMessageList,
  AdminContactMessageView,
} from '@hs/api/domain/admin/admin-views';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiStub } from '../../test-support/api-stub';
import { MessagesSection } from './MessagesSection';
import type { AdminSession } from './use-admin-data';

const api = createApiStub();
const deny = vi.fn<AdminSession['deny']>();
const session: AdminSession = { token: 'admin-token', deny };

function message(id: string, subject: string): AdminContactMessageView {
  return {
    id,
    fullName: 'Sam Poe',
    email: 'sam@example.com',
    phone: '',
    subject,
    message: 'Do you clean gutters?',
    createdAt: '2030-05-01T16:30:00.000Z',
  };
}

function messageList(messages: AdminContactMessageView[]): AdminContactMessageList {
  return { messages, total: messages.length, pageSize: 50, next: null, previous: null };
}

/** The addresses the section asked, in order. */
function urls(): string[] {
  return api.calls().map((call) => call.url);
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

describe('MessagesSection', () => {
  it('pages by the places the API answers, Newer and Older, the focus on the button pressed', async () => {
    api.on('GET /api/admin/contact-messages', (call) => {
      const answer: AdminContactMessageList =
        call.query.get('after') === 'place-1'
          ? {
              ...messageList([message('m2', 'Older question')]),
              total: 51,
              previous: 'place-0',
            }
          : {
              ...messageList([message('m1', 'Newest question')]),
              total: 51,
              next: 'place-1',
            };
      return { json: answer };
    });
    renderWithQueryClient(<MessagesSection session={session} />);
    await screen.findByRole('heading', { level: 3, name: 'Newest question' });
    expect(urls()).toEqual(['/api/admin/contact-messages']);
    screen.getByText('51 messages');
    const newer = screen.getByRole<HTMLButtonElement>('button', { name: 'Newer messages' });
    expect(newer.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Older messages' }));

    await screen.findByRole('heading', { level: 3, name: 'Older question' });
    expect(urls().at(-1)).toBe('/api/admin/contact-messages?after=place-1');
    // The last page: Older is off, and the focus moves to Newer rather than to nowhere.
    const older = screen.getByRole<HTMLButtonElement>('button', { name: 'Older messages' });
    expect(older.disabled).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Newer messages' }));

    fireEvent.click(screen.getByRole('button', { name: 'Newer messages' }));
    await screen.findByRole('heading', { level: 3, name: 'Newest question' });
    expect(urls().at(-1)).toBe('/api/admin/contact-messages?before=place-0');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Older messages' }));
  });

  it('shows no Newer or Older when every message fits on one page', async () => {
    api.on('GET /api/admin/contact-messages', {
      json: messageList([message('m1', 'Only question')]),
    });
    renderWithQueryClient(<MessagesSection session={session} />);
    await screen.findByRole('heading', { level: 3, name: 'Only question' });
    screen.getByText('1 message');
    expect(screen.queryByRole('button', { name: /Newer|Older/ })).toBeNull();
  });
});
