import type { Browser } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewsletterMessages } from '../../api/src/domain/newsletter/newsletter-messages';
import { NewsletterLinks } from '../../api/src/newsletter/newsletter-links';
import { SubscriberModel } from '../../api/src/newsletter/subscriber-model';
import { waitForMail } from '../support/mailbox';
import { startSite, type SiteHarness } from '../support/site-harness';
import { testEmail } from '../support/test-env';
import { scaled } from '../support/time-scale';

describe('the newsletter links in a real browser', () => {
  let site: SiteHarness;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    ({ browser } = site);
  }, scaled(120_000));
  afterAll(async () => {
    await site.close();
  });

  it('confirms from the emailed link, then unsubscribes from the newsletter’s link', async () => {
    const email = testEmail('reader');
    const subscribed = await request(site.product.api.app).post('/api/subscribe').send({ email });
    expect(subscribed.status).toBe(200);
    const [mail] = await waitForMail(email);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/newsletter\/confirm\?\S+)/.exec(
      mail?.Text ?? '',
    )?.[1];
    expect(link).toBeTruthy();

    const page = await browser.newPage();
    // Each link is followed once: a second post would be a second answer the person never gave.
    const posts: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST') posts.push(new URL(sent.url()).pathname);
    });
    await page.goto(link ?? '');
    await page.getByRole('status').getByText(NewsletterMessages.confirmed).waitFor();
    // Nothing in flight for a while: a second confirmation would have been sent by now.
    await page.waitForLoadState('networkidle');
    expect(posts).toEqual(['/api/newsletter/confirm']);
    const subscriber = await SubscriberModel.findOne({ email });
    expect(subscriber?.status).toBe('confirmed');

    const { config } = site.product.api.context;
    const links = new NewsletterLinks(config.LINK_SECRET, config.SITE_URL);
    await page.goto(links.unsubscribePageUrl(subscriber?.id as string));
    await page.getByRole('status').getByText(NewsletterMessages.unsubscribed).waitFor();
    await page.waitForLoadState('networkidle');
    expect(posts).toEqual(['/api/newsletter/confirm', '/api/newsletter/unsubscribe']);
    expect((await SubscriberModel.findOne({ email }))?.status).toBe('unsubscribed');

    await page.goto(
      `${site.origin}/newsletter/confirm?subscriber=${subscriber?.id as string}&token=forged`,
    );
    await page.getByRole('alert').getByText(NewsletterMessages.linkInvalid).waitFor();
  });
});
