import { describe, expect, it } from 'vitest';
import { Company } from '../src/domain/company';
import { renderCampaignContent, type CampaignContent } from '../src/newsletter/campaign-content';
import {
  contactAcknowledgementEmail,
  contactNotificationEmail,
  type ContactEmailInput,
} from '../src/contact/contact-emails';
import {
  newsletterEmail,
  subscriptionConfirmationEmail,
} from '../src/newsletter/newsletter-emails';
import { mailMessageSchema } from '../src/platform/mailer';

const UNSUBSCRIBE_URL = 'https://homeservices.example/newsletter/unsubscribe?t=abc123_-XYZ';
const ONE_CLICK_URL = 'https://api.homeservices.example/newsletter/unsubscribe/one-click?t=abc';
const CONFIRM_URL = 'https://homeservices.example/newsletter/confirm?t=def456';
const INBOX = 'contact@homeservices.example';

const html = (body: string) => renderCampaignContent('html', body).html;
const text = (body: string) => renderCampaignContent('html', body).text;

function contact(overrides: Partial<ContactEmailInput> = {}): ContactEmailInput {
  return {
    reference: 'CM-7K3F9Q',
    fullName: 'Maya Singh',
    email: 'maya@example.com',
    phone: '416-555-0199',
    subject: 'Deck repair',
    message: 'Hello,\nMy deck has two broken boards.\n\nCan you come next week?',
    service: 'Carpentry',
    receivedAt: new Date('2026-11-25T20:04:00Z'),
    ...overrides,
  };
}

function newsletter(content: CampaignContent = renderCampaignContent('markdown', '# Hi')) {
  return newsletterEmail({
    to: 'reader@example.com',
    subject: 'Spring news',
    content,
    unsubscribeUrl: UNSUBSCRIBE_URL,
    oneClickUnsubscribeUrl: ONE_CLICK_URL,
  });
}

describe('campaign HTML sanitization', () => {
  it('removes scripts, styles, iframes and forms with their content', () => {
    const out = html(
      '<style>p{color:red}</style><p>Hi</p><script>alert("x")</script>' +
        '<iframe src="https://evil.example">fallback</iframe><form action="/x"><input name="a"></form>',
    );
    expect(out).toBe('<p>Hi</p>');
  });

  it('removes event handlers, style attributes and classes', () => {
    const out = html(
      '<p onclick="alert(1)" style="color:red" class="x">Text</p>' +
        '<img src="https://cdn.example/a.png" alt="A" onerror="alert(1)">',
    );
    expect(out).not.toMatch(/onclick|onerror|style=|class=|alert/);
    expect(out).toContain('<p>Text</p>');
    expect(out).toContain('src="https://cdn.example/a.png"');
  });

  it('removes javascript:, data: and relative links, keeping their words', () => {
    const out = html(
      '<a href="javascript:alert(1)">one</a> <a href="&#106;avascript:alert(2)">two</a> ' +
        '<a href=" JaVaScRiPt:alert(3)">three</a> <a href="data:text/html,x">four</a> ' +
        '<a href="/relative">five</a>',
    );
    expect(out).not.toMatch(/href|javascript|alert|data:/i);
    for (const word of ['one', 'two', 'three', 'four', 'five']) expect(out).toContain(word);
  });

  it('keeps http, https and mailto links with their title', () => {
    const out = html(
      '<a href="https://a.example/x?y=1&amp;z=2" title="Our site" target="_blank">A</a>' +
        '<a href="http://b.example">B</a><a href="mailto:hello@homeservices.ca">C</a>',
    );
    expect(out).toContain('<a href="https://a.example/x?y=1&amp;z=2" title="Our site">A</a>');
    expect(out).toContain('<a href="http://b.example">B</a>');
    expect(out).toContain('<a href="mailto:hello@homeservices.ca">C</a>');
    expect(out).not.toContain('target');
  });

  it('keeps https images only', () => {
    const out = html(
      '<img src="https://cdn.example/ok.png" alt="OK" width="200" height="100">' +
        '<img src="http://cdn.example/plain.png" alt="plain">' +
        '<img src="//cdn.example/relative.png" alt="protocol-relative">' +
        '<img src="data:image/png;base64,AAAA" alt="data">' +
        '<img src="javascript:alert(1)" alt="js">',
    );
    expect(out).toBe('<img src="https://cdn.example/ok.png" alt="OK" width="200" height="100" />');
  });

  it('keeps the allowed formatting', () => {
    const source =
      '<h1>Title</h1><h2>Sub</h2><h3>Three</h3><h4>Four</h4><p><strong>s</strong> <em>e</em> ' +
      '<b>b</b> <i>i</i> <u>u</u> <s>x</s> <code>c</code> <span>sp</span><br /></p><hr />' +
      '<blockquote>q</blockquote><ul><li>u</li></ul><ol><li>o</li></ol>' +
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>' +
      '<pre>p</pre>';
    expect(html(source)).toBe(source);
  });

  it('turns deeper headings and strikes into tags it keeps', () => {
    expect(html('<h6>Small</h6><p><del>old</del></p>')).toBe('<h4>Small</h4><p><s>old</s></p>');
  });
});

describe('campaign Markdown', () => {
  const markdown = [
    '# Spring news',
    '',
    'Hello **neighbours** & friends.',
    '',
    '## Offers',
    '',
    '- Painting: [book now](https://homeservices.example/book "Book")',
    '- Decks',
    '',
    '1. First',
    '2. Second',
    '',
    '![Our team](https://cdn.example/team.jpg)',
    '',
    '| Plan | Price |',
    '| --- | --- |',
    '| One-time | $149 |',
    '',
    '~~old price~~ <script>alert(1)</script> [bad](javascript:alert(1))',
  ].join('\n');

  it('renders headings, lists, links, images and tables', () => {
    const { html: out } = renderCampaignContent('markdown', markdown);
    expect(out).toContain('<h1>Spring news</h1>');
    expect(out).toContain('<h2>Offers</h2>');
    expect(out).toContain('<strong>neighbours</strong> &amp; friends.');
    expect(out).toContain(
      '<li>Painting: <a href="https://homeservices.example/book" title="Book">book now</a></li>',
    );
    expect(out).toMatch(/<ol>\s*<li>First<\/li>\s*<li>Second<\/li>\s*<\/ol>/);
    expect(out).toContain('<img src="https://cdn.example/team.jpg" alt="Our team" />');
    expect(out).toContain('<td>$149</td>');
    expect(out).toContain('<s>old price</s>');
    expect(out).not.toMatch(/script|javascript|alert/);
  });

  it('sends the Markdown rendered as text: no syntax, links as label (url), no script', () => {
    const { text: out } = renderCampaignContent(
      'markdown',
      '# Title\r\n\r\n\r\n\r\nSee [our site](https://hs.example) &amp; <b>more</b>.  \r\n' +
        '<!-- draft note -->\r\n![Logo](https://cdn.example/l.png) <https://hs.example/a>\r\n\r\n' +
        '[![Team](https://cdn.example/t.png)](https://hs.example/team)\r\n\r\n' +
        '**Bold**, _slanted_ and ~~struck~~ <script>alert(1)</script>\r\n\r\n' +
        '`<b>kept</b>`\r\n\r\n```\r\n<div>kept too</div>\r\n```\r\n',
    );
    expect(out).toBe(
      [
        'Title',
        '',
        'See our site (https://hs.example) & more.',
        '',
        'Logo https://hs.example/a',
        '',
        'Team (https://hs.example/team)',
        '',
        'Bold, slanted and struck',
        '',
        '<b>kept</b>',
        '',
        '<div>kept too</div>',
      ].join('\n'),
    );
  });
});

describe('campaign HTML as text', () => {
  it('puts blocks on lines of their own and decodes entities', () => {
    expect(
      text(
        '<h1>Spring   news</h1><p>Tom &amp; Jerry&nbsp;say &lt;hi&gt; &quot;now&quot; &#39;ok&#39; &eacute;t&eacute;</p>' +
          '<div>Line one<br>Line two</div><div>Next</div>',
      ),
    ).toBe('Spring news\n\nTom & Jerry say <hi> "now" \'ok\' été\n\nLine one\nLine two\n\nNext');
  });

  it('writes links as label (url), images as their alt text', () => {
    expect(
      text(
        '<p>Visit <a href="https://hs.example/?a=1&amp;b=2">our site</a>, write to ' +
          '<a href="mailto:hello@homeservices.ca">hello@homeservices.ca</a> or ' +
          '<a href="mailto:hello@homeservices.ca">us</a>: <a href="https://hs.example">https://hs.example</a></p>' +
          '<p><a href="https://hs.example/team"><img src="https://cdn.example/t.png" alt="Our team"></a></p>',
      ),
    ).toBe(
      'Visit our site (https://hs.example/?a=1&b=2), write to hello@homeservices.ca or us (hello@homeservices.ca): https://hs.example\n\n' +
        'Our team (https://hs.example/team)',
    );
  });

  it('writes lists, quotes, rules, code and tables', () => {
    expect(
      text(
        '<ul><li>One</li><li>Two<ul><li>Nested</li></ul></li></ul>' +
          '<ol><li><p>First</p><p>more</p></li><li>Second</li></ol>' +
          '<blockquote><p>Quoted</p><p>Again</p></blockquote><hr>' +
          '<pre><code>a &lt; b\n  indented</code></pre>' +
          '<table><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody><tr><td>One-time</td><td>$149</td></tr></tbody></table>',
      ),
    ).toBe(
      [
        '- One',
        '- Two',
        '  - Nested',
        '',
        '1. First',
        '   more',
        '2. Second',
        '',
        '> Quoted',
        '>',
        '> Again',
        '',
        '-'.repeat(24),
        '',
        'a < b',
        '  indented',
        '',
        'Plan | Price',
        'One-time | $149',
      ].join('\n'),
    );
  });

  it('reads a layout table as its paragraphs, and collapses blank lines', () => {
    expect(
      text(
        '<table><tr><td><p>First</p><p>Second</p></td><td><p>Third</p></td></tr></table>' +
          '<p></p><p>   </p><div><br><br><br></div><p>Last</p>',
      ),
    ).toBe('First\n\nSecond\n\nThird\n\nLast');
  });

  it('has no tags left, whatever the source held', () => {
    const out = text(
      '<html><head><title>Title</title><style>p{}</style></head><body>' +
        '<p onclick="x">Hi <b>there</b></p><script>alert(1)</script><iframe>inside</iframe></body></html>',
    );
    expect(out).toBe('Hi there');
  });
});

describe('newsletterEmail', () => {
  const content = renderCampaignContent(
    'html',
    '<h1>Spring news</h1><p>Fresh paint &amp; <a href="https://hs.example/deals">deals</a>.</p>',
  );

  it('carries the one-click unsubscribe headers of RFC 8058', () => {
    const message = mailMessageSchema.parse(newsletter(content));
    expect(message.headers).toEqual({
      'List-Unsubscribe': `<${ONE_CLICK_URL}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(message.to).toBe('reader@example.com');
    expect(message.subject).toBe('Spring news');
  });

  it('puts the campaign in the layout, with who we are, why and how to leave', () => {
    const message = mailMessageSchema.parse(newsletter(content));
    const html = message.html ?? '';
    expect(html).toContain(content.html);
    expect(html).toContain('max-width:560px');
    expect(html).toContain(Company.name);
    expect(html).toContain(Company.mailingAddress);
    expect(html).toContain(
      'You receive this email because you subscribed to the Home Services newsletter.',
    );
    expect(html).toMatch(
      new RegExp(`<a href="${UNSUBSCRIBE_URL.replace(/[.?]/g, '\\$&')}"[^>]*>Unsubscribe</a>`),
    );
    expect(
      message.text.startsWith('Spring news\n\nFresh paint & deals (https://hs.example/deals).'),
    ).toBe(true);
    expect(message.text).toContain(
      'You receive this email because you subscribed to the Home Services newsletter.',
    );
    expect(message.text).toContain(`Unsubscribe: ${UNSUBSCRIBE_URL}`);
    expect(message.text).toContain(Company.mailingAddress);
    expect(message.text).toContain(Company.name);
    expect(message.text).not.toMatch(/<[a-z]/i);
  });

  it('escapes the unsubscribe link in HTML', () => {
    const message = newsletterEmail({
      to: 'reader@example.com',
      subject: 'News',
      content,
      unsubscribeUrl: 'https://hs.example/u?a=1&b="2"',
      oneClickUnsubscribeUrl: ONE_CLICK_URL,
    });
    expect(message.html).toContain('href="https://hs.example/u?a=1&amp;b=&quot;2&quot;"');
  });

  it('refuses a one-click address that would break its header', () => {
    for (const bad of [
      'https://hs.example/u>\r\nBcc: x@example.com',
      'https://hs.example/u x',
      'javascript:alert(1)',
      '',
    ]) {
      expect(() =>
        newsletterEmail({
          to: 'reader@example.com',
          subject: 'News',
          content,
          unsubscribeUrl: UNSUBSCRIBE_URL,
          oneClickUnsubscribeUrl: bad,
        }),
      ).toThrow(/unsubscribe/i);
    }
  });
});

describe('subscriptionConfirmationEmail', () => {
  it('asks to confirm, says nothing is sent otherwise, and to ignore it if it was not them', () => {
    const message = mailMessageSchema.parse(
      subscriptionConfirmationEmail('reader@example.com', CONFIRM_URL),
    );
    expect(message.to).toBe('reader@example.com');
    expect(message.subject).toBe(
      'Please confirm your subscription to the Home Services newsletter',
    );
    expect(message.text).toContain(`Confirm my subscription: ${CONFIRM_URL}`);
    expect(message.text).toContain('not send you any newsletter unless you confirm');
    expect(message.text).toContain('If this was not you, simply ignore this email');
    expect(message.html).toContain(`href="${CONFIRM_URL}"`);
    expect(message.html).toContain('Confirm my subscription</a>');
    expect(message.headers).toBeUndefined();
  });
});

describe('contact emails', () => {
  it('tells the business every field, with Reply-To set to the sender', () => {
    const message = mailMessageSchema.parse(contactNotificationEmail(contact(), INBOX));
    expect(message.to).toBe(INBOX);
    expect(message.replyTo).toBe('maya@example.com');
    expect(message.subject).toBe('Contact form: Deck repair');
    for (const line of [
      'Reference: CM-7K3F9Q',
      'Received: Wednesday, November 25, 2026 at 3:04 PM (Toronto time)',
      'Name: Maya Singh',
      'Email: maya@example.com',
      'Phone: 416-555-0199',
      'Service: Carpentry',
      'Subject: Deck repair',
    ]) {
      expect(message.text).toContain(line);
    }
    expect(message.text).toContain(
      'Message:\n\nHello,\n\nMy deck has two broken boards.\n\nCan you come next week?',
    );
    expect(message.html).toContain(
      '<p>Hello,</p><p>My deck has two broken boards.</p><p>Can you come next week?</p>',
    );
  });

  it('says when no service was given', () => {
    const message = contactNotificationEmail(contact({ service: undefined }), INBOX);
    expect(message.text).toContain('Service: Not specified');
  });

  it('escapes what the sender typed in HTML', () => {
    const hostile = contact({
      fullName: '<b>Maya</b>',
      subject: 'Quote <b>now</b>',
      message: 'Line <b>one</b>\r\n<script>alert("x")</script>',
    });
    {
      const message = mailMessageSchema.parse(contactNotificationEmail(hostile, INBOX));
      expect(message.html).not.toContain('<b>');
      expect(message.html).not.toContain('<script>');
      expect(message.html).toContain('&lt;b&gt;Maya&lt;/b&gt;');
      expect(message.html).toContain('<p>Line &lt;b&gt;one&lt;/b&gt;</p>');
      expect(message.html).toContain('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>');
      expect(message.text).toContain('Line <b>one</b>\n\n<script>alert("x")</script>');
    }
  });

  it('cannot be made to add a header through the subject', () => {
    const message = mailMessageSchema.parse(
      contactNotificationEmail(contact({ subject: 'Hello\r\nBcc: victim@example.com' }), INBOX),
    );
    expect(message.subject).toBe('Contact form: Hello Bcc: victim@example.com');
    expect(message.subject).not.toMatch(/[\r\n]/);
    const long = mailMessageSchema.parse(
      contactNotificationEmail(contact({ subject: `${'x'.repeat(299)}😀tail` }), INBOX),
    );
    expect(long.subject.length).toBeLessThanOrEqual(300);
    expect(long.subject).not.toMatch(/[\uD800-\uDBFF]$/);
  });

  it('also keeps line breaks out of the newsletter subject', () => {
    const message = mailMessageSchema.parse(
      newsletterEmail({
        to: 'reader@example.com',
        subject: 'News\r\nBcc: victim@example.com',
        content: renderCampaignContent('markdown', 'Hi'),
        unsubscribeUrl: UNSUBSCRIBE_URL,
        oneClickUnsubscribeUrl: ONE_CLICK_URL,
      }),
    );
    expect(message.subject).toBe('News Bcc: victim@example.com');
    expect(Object.keys(message.headers ?? {})).toEqual([
      'List-Unsubscribe',
      'List-Unsubscribe-Post',
    ]);
  });

  it('thanks the sender with our reference and phone, repeating nothing they typed', () => {
    const message = mailMessageSchema.parse(contactAcknowledgementEmail(contact()));
    expect(message.to).toBe('maya@example.com');
    expect(message.replyTo).toBeUndefined();
    expect(message.subject).toBe('We received your message (CM-7K3F9Q)');
    expect(message.text).toContain('within one business day');
    expect(message.text).toContain(Company.phone);
    expect(message.text).toContain('Reference: CM-7K3F9Q');
    // The form would otherwise mail anyone's words to any address typed into it.
    for (const typed of ['Maya Singh', 'Deck repair', 'broken boards']) {
      expect(message.text).not.toContain(typed);
      expect(message.html).not.toContain(typed);
    }
  });
});
