import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignModel } from '@hs/api/newsletter/campaign-model';
import {
  confirmedSubscribers,
  countAt,
  setUp,
  type Setup,
} from '../../tests/support/newsletter-harness';
import { spawnEntryPoint } from '../../tests/support/spawn-process';

const COMMAND = 'api/src/cli/newsletter-command.ts';

describe('npm run newsletter', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp({}, { NEWSLETTER_RATE_PER_SECOND: '0' });
  }, 60_000);
  afterAll(async () => setup.close());

  it('sends a Markdown campaign and shows its progress until it is sent', async () => {
    const emails = await confirmedSubscribers(300, 'commanded');
    await setup.startWorkers();
    const folder = mkdtempSync(path.join(tmpdir(), 'hs-campaign-'));
    const file = path.join(folder, 'winter.md');
    writeFileSync(file, '# Winter is coming\n\nBook your **snow removal** contract now.\n');

    const command = spawnEntryPoint(COMMAND, setup.env, {
      args: ['send', '--subject', 'Winter is coming', '--file', file],
    });
    const { code } = await command.exited;
    const output = command.output();
    expect(code, output).toBe(0);
    expect(output).toMatch(/campaign [a-f0-9]{24} created: "Winter is coming"/);
    expect(output).toContain(`[${'#'.repeat(30)}] 300 / 300 sent · 0 failed · 0 skipped · sent`);

    const campaign = await CampaignModel.findOne({ subject: 'Winter is coming' });
    expect(campaign?.status).toBe('sent');
    expect(campaign?.html).toContain('<strong>snow removal</strong>');
    expect(countAt(setup.smtp, emails)).toMatchObject({ messages: 300, recipients: 300 });
  }, 120_000);

  it('says what is wrong with a command it cannot run', async () => {
    const missingFile = spawnEntryPoint(COMMAND, setup.env, { args: ['send', '--subject', 'x'] });
    expect((await missingFile.exited).code).toBe(1);
    expect(missingFile.output()).toContain('--file is required');

    const unknown = spawnEntryPoint(COMMAND, setup.env, { args: ['status', 'nope'] });
    expect((await unknown.exited).code).toBe(1);
    expect(unknown.output()).toContain('No such campaign.');
  }, 60_000);
});
