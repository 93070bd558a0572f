import { mkdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { chromium } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeskWorld, buildDeskWorld } from '../../../test/fixtures/front-desk';
import { couriers } from '../../db/schema/couriers';
import { emailOutbox } from '../../db/schema/email';
import { courierAddress, linkAt } from '../courier-links';
import { COMPILED_EMAIL } from './compiled-template';
import { brandedSubject, renderEmail, splitButton } from './layout';
import { compileEmailTemplates } from './compile';

/** Where the rendered e-mails are kept for people to look at. */
const SCREENS = new URL('../../../../../docs/screens/emails/', import.meta.url);
const ACCENT = '#0b6e4f';

let w: DeskWorld;
let mails: Array<typeof emailOutbox.$inferSelect>;
let courierName: string;
let courierBase: string;

/** The href of the mail's one button (MJML's mj-button with its css-class), or null. */
const buttonHref = (html: string) => {
  const hrefs = [...html.matchAll(/class="cta"[\s\S]*?<a\s+href="([^"]+)"/g)].map((m) => m[1]?.replaceAll('&amp;', '&'));
  expect(hrefs.length).toBeLessThanOrEqual(1);
  return hrefs[0] ?? null;
};

beforeAll(async () => {
  w = await buildDeskWorld();
  const db = w.t.db;
  await db.update(couriers).set({ accentColor: ACCENT }).where(eq(couriers.id, w.courierId));
  const [c] = await db.select().from(couriers).where(eq(couriers.id, w.courierId));
  courierName = c?.name as string;
  courierBase = linkAt(await courierAddress(db, w.t.ctx.config, w.courierId), '/');

  // A day at the counter and in the portal, each step e-mailing the customer.
  const { invoiceNo, totalCents } = await w.issue([2]);
  const paid = await w.api('POST', '/payments', w.tokens.staff, {
    method: 'cash',
    tenderedCents: totalCents,
    allocations: [{ invoiceNo, amountCents: totalCents }],
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const refund = await w.api('POST', `/payments/${paid.json().receiptNo}/refunds`, w.tokens.staff, {
    amountCents: 100_00,
    reason: 'Overcharged',
  });
  expect(refund.statusCode, refund.body).toBe(201);
  const credit = await w.api('POST', '/account-credit/goodwill', w.tokens.admin, {
    customerId: w.customerId,
    amountCents: 50_00,
    reason: 'Late delivery',
  });
  expect(credit.statusCode, credit.body).toBe(201);
  const ticket = await w.api('POST', '/tickets', w.tokens.customer, {
    subject: 'Where is my package?',
    department: 'Packages',
    message: 'It left Miami a week ago.',
  });
  expect(ticket.statusCode, ticket.body).toBe(201);
  const answer = await w.api('POST', `/tickets/${ticket.json().id}/messages`, w.tokens.admin, { message: 'It is on the flight tomorrow.' });
  expect(answer.statusCode, answer.body).toBe(201);
  const reset = await w.t.api('POST', '/auth/request-password-reset', null, { email: 'customer@example.test', api_key: c?.apiKey });
  expect(reset.statusCode, reset.body).toBeLessThan(300);
  const invite = await w.api('POST', '/platform/courier-invitations', w.tokens.superAdmin, { email: 'owner@newcourier.test' });
  expect(invite.statusCode, invite.body).toBe(201);

  // The reset link is queued after the answer: wait for it.
  for (let i = 0; i < 50; i++) {
    mails = await db.select().from(emailOutbox);
    if (mails.some((m) => m.subject.includes('Reset your'))) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // The HTML part as the mail worker sends it (bulk notices are laid out then).
  mails = await Promise.all(mails.map(async (m) => ({ ...m, htmlBody: await w.t.ctx.mailer.html(m) })));
}, 240_000);
afterAll(async () => w?.t.close());

describe('every e-mail', () => {
  it('has a text part and an HTML part in the layout, the courier’s name first in the subject, and one button to the person’s own courier', () => {
    const ours = mails.filter((m) => m.courierId === w.courierId);
    expect(new Set(ours.map((m) => m.subject.split(':')[1])).size, ours.map((m) => m.subject).join('\n')).toBeGreaterThanOrEqual(6);
    expect(ours.some((m) => m.subject.includes('Reset your'))).toBe(true);
    for (const m of ours) {
      expect(m.subject.startsWith(`${courierName}: `), m.subject).toBe(true);
      expect(m.textBody.length, m.subject).toBeGreaterThan(20);
      expect(m.htmlBody, m.subject).toContain('<!doctype html>');
      expect(m.htmlBody, m.subject).toContain(ACCENT);
      // The words of the text are the words of the HTML.
      const firstLine = m.textBody.split('\n')[0] as string;
      expect(m.htmlBody, m.subject).toContain(firstLine.replaceAll('&', '&amp;').replaceAll("'", '&#39;'));
      // Every mail has its button, and it leads to this courier (its address and api key).
      const href = buttonHref(m.htmlBody ?? '') ?? '';
      expect(
        href.startsWith(courierBase.replace(/\/\?.*$/, '/')) && href.includes(new URL(courierBase).search.slice(1)),
        `${m.subject}: ${href}`,
      ).toBe(true);
    }
    // The platform's own mail (no courier) carries the platform's name.
    const invitation = mails.find((m) => m.courierId === null);
    expect(invitation?.subject).toMatch(/^Courier Portal: /);
    expect(buttonHref(invitation?.htmlBody ?? '')).toContain('/');
  });

  it('is compiled from the MJML layout as it is now (npm run emails:build -w apps/api)', async () => {
    expect(await compileEmailTemplates()).toEqual({ html: COMPILED_EMAIL.html });
  }, 120_000);

  it('names the courier once, makes a "Label: link" line its button, and escapes what people typed', () => {
    expect(brandedSubject('Jamaica Express Post', 'Jamaica Express Post: reply to T-1')).toBe('Jamaica Express Post: reply to T-1');
    expect(brandedSubject('Jamaica Express Post', 'Invoice INV-1: JMD 5.00 due')).toBe('Jamaica Express Post: Invoice INV-1: JMD 5.00 due');
    const split = splitButton({
      subject: 's',
      text: 'Hello,\n\nSee the invoice: https://a.test/i?api_key=k\n\nFollow it here: https://a.test/t',
    });
    expect(split.button).toEqual({ label: 'See the invoice', url: 'https://a.test/i?api_key=k' });
    expect(split.lines).toEqual(['Hello,', '']);
    expect(split.after).toEqual(['', 'Follow it here: https://a.test/t']);
    const mail = renderEmail(
      { name: 'A & B <Couriers>', logoUrl: null, accent: ACCENT, homeUrl: 'https://a.test/' },
      { subject: 'Hi', text: 'Your note: <script>alert(1)</script>' },
    );
    expect(mail.html).not.toContain('<script>alert');
    expect(mail.html).toContain('A &amp; B &lt;Couriers&gt;');
    expect(mail.text).toBe('Your note: <script>alert(1)</script>');
  });

  it('renders in a browser at 600 px and 375 px: one screenshot of each kind for people to look at', async () => {
    mkdirSync(SCREENS, { recursive: true });
    const kinds = new Map<string, string>();
    for (const m of mails) {
      const kind = (m.subject.replace(/^[^:]+: /, '').match(/^[A-Za-z' ]+/)?.[0] ?? 'mail')
        .trim()
        .toLowerCase()
        .replace(/[^a-z]+/g, '-');
      if (!kinds.has(kind)) kinds.set(kind, m.htmlBody ?? '');
    }
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    try {
      for (const width of [600, 375]) {
        const page = await browser.newPage({ viewport: { width, height: 800 } });
        for (const [kind, html] of kinds) {
          await page.setContent(html, { waitUntil: 'domcontentloaded' });
          // Nothing wider than the screen: no sideways scroll on a phone.
          expect(Number(await page.evaluate('document.documentElement.scrollWidth')), `${kind} at ${width}`).toBeLessThanOrEqual(width);
          await page.screenshot({ path: new URL(`${kind}-${width}.png`, SCREENS).pathname, fullPage: true });
        }
        await page.close();
      }
    } finally {
      await browser.close();
    }
  }, 180_000);
});
