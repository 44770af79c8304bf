import type { CampaignPreview } from '@hs/api/domain/newsletter/campaign-messages';
import type { CampaignView } from '@hs/api/domain/newsletter/newsletter-schema';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiStub, jsonResponse } from '../../test-support/api-stub';
import { CAMPAIGN_REFRESH_MS, CampaignsSection } from './CampaignsSection';
import { urlOf } from './admin-test-support';
import type { AdminSession } from './use-admin-data';

const api = createApiStub();
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
  api.install();
});

afterEach(() => {
  cleanup();
  api.reset();
  deny.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function requestOf(index: number) {
  const [url, init] = api.fetch.mock.calls[index] ?? [];
  return {
    url: urlOf(url),
    method: init?.method ?? 'GET',
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
  };
}

function requests() {
  return api.fetch.mock.calls.map((_, index) => requestOf(index));
}

describe('CampaignsSection', () => {
  it('checks a new campaign with the API schema before sending anything', async () => {
    api.fetch.mockResolvedValue(jsonResponse(200, { campaigns: [] }));
    renderWithQueryClient(<CampaignsSection session={session} />);
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
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });

  it('saves a draft, then sends it after one more question', async () => {
    api.fetch.mockImplementation((input, init) => {
      const url = urlOf(input);
      if (init?.method === 'POST' && url === '/api/admin/campaigns') {
        return Promise.resolve(jsonResponse(201, { campaign: draft }));
      }
      if (init?.method === 'POST') {
        return Promise.resolve(jsonResponse(200, { campaign: sending(0) }));
      }
      return Promise.resolve(jsonResponse(200, { campaigns: [] }));
    });
    renderWithQueryClient(<CampaignsSection session={session} />);
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
    api.fetch
      .mockResolvedValueOnce(jsonResponse(200, { campaigns: [sending(2)] }))
      .mockResolvedValueOnce(jsonResponse(200, { campaigns: [sending(6)] }));
    renderWithQueryClient(<CampaignsSection session={session} />);
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
      expect(api.fetch).toHaveBeenCalledTimes(2);
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
    api.fetch.mockResolvedValue(jsonResponse(200, { campaigns: [finished, inFlight] }));
    renderWithQueryClient(<CampaignsSection session={session} />);
    await screen.findByText('9 sent, 1 failed, 0 pending of 10');
    expect(
      screen.getByText(/^2 unconfirmed: a worker stopped before the mail server answered/),
    ).toBeTruthy();
    // Messages in flight are unconfirmed for a moment: nothing to say while sending.
    expect(screen.queryByText(/^3 unconfirmed/)).toBeNull();
  });

  it('follows the campaign in its banner: Sending until it is sent, then Sent with counts', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const finished: CampaignView = {
      ...sending(9),
      status: 'sent',
      finishedAt: '2030-04-02T15:00:00.000Z',
      progress: { total: 10, sent: 9, failed: 1, skipped: 0, pending: 0, unconfirmed: 0 },
    };
    let list = [draft];
    api.fetch.mockImplementation((_input, init) =>
      Promise.resolve(
        init?.method === 'POST'
          ? jsonResponse(200, { campaign: sending(0) })
          : jsonResponse(200, { campaigns: list }),
      ),
    );
    renderWithQueryClient(<CampaignsSection session={session} />);
    const row = await screen.findByRole('row', { name: /Spring tips/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Send Spring tips' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, send it' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Sending “Spring tips”… 0 of 10 sent so far.',
    );

    list = [finished];
    await vi.waitFor(async () => {
      await act(async () => {
        vi.advanceTimersByTime(CAMPAIGN_REFRESH_MS);
        await Promise.resolve();
      });
      expect(within(row).getByText('Sent')).toBeTruthy();
    });
    // The banner and the row say the same, at once.
    expect(screen.getByRole('status').textContent).toBe('“Spring tips” is sent: 9 sent, 1 failed.');
    expect(screen.queryByText(/^Sending/)).toBeNull();
  });

  it('previews a draft as it will go out, edits it, sends a test, and deletes it', async () => {
    const preview: CampaignPreview = {
      campaign: draft,
      source: { subject: 'Spring tips', format: 'markdown', body: 'Rake the **leaves**.' },
      email: {
        subject: 'Spring tips',
        html: '<p>Rake the <strong>leaves</strong>.</p>',
        text: 'Rake the leaves.\n\n--\n\nUnsubscribe: https://hs.example/u',
      },
      htmlUrl: '/api/admin/campaign-previews/c1?expires=1&sig=abc',
    };
    const edited: CampaignView = { ...draft, subject: 'Autumn tips' };
    api.fetch.mockImplementation((input, init) => {
      const url = urlOf(input);
      const method = init?.method ?? 'GET';
      if (url === '/api/admin/campaigns/c1/preview') {
        return Promise.resolve(jsonResponse(200, preview));
      }
      if (method === 'PUT') return Promise.resolve(jsonResponse(200, { campaign: edited }));
      if (url === '/api/admin/campaigns/c1/test') {
        return Promise.resolve(
          jsonResponse(202, {
            message: 'A test of “Spring tips” is on its way to ops@example.com.',
          }),
        );
      }
      if (method === 'DELETE') return Promise.resolve(new Response(null, { status: 204 }));
      return Promise.resolve(jsonResponse(200, { campaigns: [draft] }));
    });
    renderWithQueryClient(<CampaignsSection session={session} />);
    const row = await screen.findByRole('row', { name: /Spring tips/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Preview Spring tips' }));

    const panel = await screen.findByRole('region', { name: 'Preview: “Spring tips”' });
    await vi.waitFor(() => {
      expect(document.activeElement).toBe(within(panel).getByRole('heading', { level: 3 }));
    });
    const frame = within(panel).getByTitle('HTML part of “Spring tips”');
    expect(frame.getAttribute('src')).toBe(preview.htmlUrl);
    // An origin of its own: nothing in it reaches the console.
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(within(panel).getByLabelText('Text part of “Spring tips”').textContent).toBe(
      preview.email.text,
    );

    fireEvent.click(within(panel).getByRole('button', { name: 'Send a test to me' }));
    expect((await within(panel).findByRole('status')).textContent).toBe(
      'A test of “Spring tips” is on its way to ops@example.com.',
    );
    expect(requestOf(2)).toMatchObject({ url: '/api/admin/campaigns/c1/test', method: 'POST' });

    fireEvent.click(within(panel).getByRole('button', { name: 'Edit draft' }));
    const form = screen.getByRole('region', { name: 'Edit draft “Spring tips”' });
    expect(within(form).getByLabelText<HTMLInputElement>('Subject').value).toBe('Spring tips');
    expect(within(form).getByLabelText<HTMLTextAreaElement>('Body (Markdown)').value).toBe(
      'Rake the **leaves**.',
    );
    fireEvent.change(within(form).getByLabelText('Subject'), { target: { value: 'Autumn tips' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('row', { name: /Autumn tips/ });
    expect(requestOf(3)).toEqual({
      url: '/api/admin/campaigns/c1',
      method: 'PUT',
      body: { subject: 'Autumn tips', format: 'markdown', body: 'Rake the **leaves**.' },
    });
    // The form is a new campaign's again.
    screen.getByRole('region', { name: 'New campaign' });

    const reopened = await screen.findByRole('region', { name: 'Preview: “Spring tips”' });
    fireEvent.click(within(reopened).getByRole('button', { name: 'Delete draft' }));
    const question = within(reopened).getByRole('group', {
      name: 'Delete the draft “Spring tips”? This cannot be undone.',
    });
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, delete it' }));
    await screen.findByText('The draft “Spring tips” is deleted.');
    expect(screen.queryByRole('row', { name: /tips/ })).toBeNull();
    expect(screen.queryByRole('region', { name: /^Preview/ })).toBeNull();
    expect(
      requests()
        .filter((request) => request.method === 'DELETE')
        .map((request) => request.url),
    ).toEqual(['/api/admin/campaigns/c1']);
  });

  it('offers neither edit nor delete for a campaign that went out', async () => {
    const sent: CampaignView = { ...sending(10), status: 'sent' };
    api.fetch.mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).endsWith('/preview')
          ? jsonResponse(200, {
              campaign: sent,
              source: { subject: 'Spring tips', format: 'markdown', body: 'Hi' },
              email: { subject: 'Spring tips', html: '<p>Hi</p>', text: 'Hi' },
              htmlUrl: '/api/admin/campaign-previews/c1?expires=1&sig=abc',
            } satisfies CampaignPreview)
          : jsonResponse(200, { campaigns: [sent] }),
      ),
    );
    renderWithQueryClient(<CampaignsSection session={session} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Preview Spring tips' }));
    const panel = await screen.findByRole('region', { name: 'Preview: “Spring tips”' });
    within(panel).getByRole('button', { name: 'Send a test to me' });
    expect(within(panel).queryByRole('button', { name: 'Edit draft' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Delete draft' })).toBeNull();
  });

  it('reports a 403 to the page instead of showing a list', async () => {
    api.fetch.mockResolvedValue(jsonResponse(403, { error: 'This area is for the team only.' }));
    renderWithQueryClient(<CampaignsSection session={session} />);
    await vi.waitFor(() => {
      expect(deny).toHaveBeenCalledWith('forbidden');
    });
  });
});
