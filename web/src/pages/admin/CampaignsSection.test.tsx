import type { CampaignView } from '@hs/api/domain/newsletter/newsletter-schema';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_REFRESH_MS, CampaignsSection } from './CampaignsSection';
import { jsonResponse, urlOf } from './admin-test-support';
import type { AdminSession } from './use-admin-data';

const fetchMock = vi.fn<typeof fetch>();
const deny = vi.fn<AdminSession['deny']>();
const session: AdminSession = { token: 'admin-token', deny };

const draft: CampaignView = {
  id: 'c1',
  subject: 'Spring tips',
  format: 'markdown',
  status: 'draft',
  createdAt: '2030-04-01T14:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  recipientsFixed: false,
  progress: { total: 0, sent: 0, failed: 0, skipped: 0, pending: 0, unconfirmed: 0 },
};

function sending(sent: number): CampaignView {
  return {
    ...draft,
    status: 'sending',
    startedAt: '2030-04-02T14:00:00.000Z',
    recipientsFixed: true,
    progress: { total: 10, sent, failed: 1, skipped: 0, pending: 9 - sent, unconfirmed: 0 },
  };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  deny.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function requestOf(index: number) {
  const [url, init] = fetchMock.mock.calls[index] ?? [];
  return {
    url: urlOf(url),
    method: init?.method ?? 'GET',
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
  };
}

describe('CampaignsSection', () => {
  it('checks a new campaign with the API schema before sending anything', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { campaigns: [] }));
    render(<CampaignsSection session={session} />);
    await screen.findByText('No campaigns yet.');

    fireEvent.change(screen.getByLabelText('Body (Markdown)'), {
      target: { value: '# Hello' },
    });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));

    const subject = screen.getByLabelText('Subject');
    expect(subject.getAttribute('aria-invalid')).toBe('true');
    const errorId = subject.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('Subject is required.');
    expect(screen.getByRole('alert').textContent).toBe('Please correct the fields marked below.');
    expect(document.activeElement).toBe(subject);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('saves a draft, then sends it after one more question', async () => {
    fetchMock.mockImplementation((input, init) => {
      const url = urlOf(input);
      if (init?.method === 'POST' && url === '/api/admin/campaigns') {
        return Promise.resolve(jsonResponse(201, { campaign: draft }));
      }
      if (init?.method === 'POST') {
        return Promise.resolve(jsonResponse(200, { campaign: sending(0) }));
      }
      return Promise.resolve(jsonResponse(200, { campaigns: [] }));
    });
    render(<CampaignsSection session={session} />);
    await screen.findByText('No campaigns yet.');

    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: ' Spring tips ' } });
    fireEvent.change(screen.getByLabelText('Body (Markdown)'), {
      target: { value: 'Rake the **leaves**.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));

    expect((await screen.findByRole('status')).textContent).toBe(
      '“Spring tips” is saved as a draft.',
    );
    expect(requestOf(1)).toEqual({
      url: '/api/admin/campaigns',
      method: 'POST',
      body: { subject: 'Spring tips', format: 'markdown', body: 'Rake the **leaves**.' },
    });
    const row = screen.getByRole('row', { name: /Spring tips/ });
    within(row).getByText('Draft');

    fireEvent.click(within(row).getByRole('button', { name: 'Send Spring tips' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, send it' }));
    await within(row).findByText('Sending');
    expect(requestOf(2)).toMatchObject({ url: '/api/admin/campaigns/c1/send', method: 'POST' });
    within(row).getByText('0 sent, 1 failed, 9 pending of 10');
    within(row).getByRole('button', { name: 'Pause Spring tips' });
  });

  it('reads the progress again while a campaign is sending', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { campaigns: [sending(2)] }))
      .mockResolvedValueOnce(jsonResponse(200, { campaigns: [sending(6)] }));
    render(<CampaignsSection session={session} />);
    await screen.findByText('2 sent, 1 failed, 7 pending of 10');
    const progress = screen.getByRole('progressbar', { name: 'Delivery of Spring tips' });
    expect(progress.getAttribute('value')).toBe('3');

    // The timer starts in an effect after the list shows a campaign sending, which on a busy
    // machine may come after the text: time moves on until the list has been read again.
    await vi.waitFor(async () => {
      await act(async () => {
        vi.advanceTimersByTime(CAMPAIGN_REFRESH_MS);
        await Promise.resolve();
      });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });
    // A busy machine (the whole suite at once) may take more than findBy's default second.
    await screen.findByText('6 sent, 1 failed, 3 pending of 10', {}, { timeout: 10_000 });
    // The list stays on screen while it is read again: no loading line in between.
    expect(screen.queryByText('Loading campaigns…')).toBeNull();
  });

  it("says how many of a finished campaign's messages no server answer confirms, and only then", async () => {
    const finished: CampaignView = {
      ...sending(9),
      status: 'sent',
      finishedAt: '2030-04-02T15:00:00.000Z',
      progress: { total: 10, sent: 9, failed: 1, skipped: 0, pending: 0, unconfirmed: 2 },
    };
    const inFlight: CampaignView = {
      ...sending(5),
      id: 'c2',
      subject: 'Fall tips',
      progress: { ...sending(5).progress, unconfirmed: 3 },
    };
    fetchMock.mockResolvedValue(jsonResponse(200, { campaigns: [finished, inFlight] }));
    render(<CampaignsSection session={session} />);
    await screen.findByText('9 sent, 1 failed, 0 pending of 10');
    expect(
      screen.getByText(/^2 unconfirmed: a worker stopped before the mail server answered/),
    ).toBeTruthy();
    // Messages in flight are unconfirmed for a moment: nothing to say while sending.
    expect(screen.queryByText(/^3 unconfirmed/)).toBeNull();
  });

  it('reports a 403 to the page instead of showing a list', async () => {
    fetchMock.mockResolvedValue(jsonResponse(403, { error: 'This area is for the team only.' }));
    render(<CampaignsSection session={session} />);
    await vi.waitFor(() => {
      expect(deny).toHaveBeenCalledWith('forbidden');
    });
  });
});
