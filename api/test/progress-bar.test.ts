import { describe, expect, it } from 'vitest';
import { progressLine } from '../src/cli/progress-bar';
import type { CampaignView } from '../src/domain/newsletter/newsletter-schema';

const campaign = (status: CampaignView['status'], unconfirmed: number): CampaignView => ({
  id: 'c1',
  subject: 'Spring tips',
  format: 'markdown',
  status,
  createdAt: '2030-04-01T14:00:00.000Z',
  startedAt: '2030-04-02T14:00:00.000Z',
  finishedAt: null,
  recipientsFixed: true,
  progress: { total: 2_000, sent: 1_990, failed: 10, skipped: 0, pending: 0, unconfirmed },
});

describe("npm run newsletter's progress line", () => {
  it('says how many of a sent campaign no server answer confirms', () => {
    expect(progressLine(campaign('sent', 2))).toBe(
      '[##############################] 1,990 / 2,000 sent (2 unconfirmed: a worker died before the server answered) · 10 failed · 0 skipped · sent',
    );
  });

  it('says nothing of the messages in flight while sending', () => {
    expect(progressLine(campaign('sending', 3))).not.toContain('unconfirmed');
  });
});
