import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import { dayInZone } from '@courier/shared/domain/datetime';
import { pdfText } from '../../../test/pdf-text';
import { type DeskWorld, buildDeskWorld } from '../../../test/fixtures/front-desk';
import { accountCreditEntries } from '../../db/schema/account-credit';
import { auditLog } from '../../db/schema/audit-log';
import { branches } from '../../db/schema/branches';
import { customers } from '../../db/schema/customers';
import { emailOutbox } from '../../db/schema/email';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { paymentRefunds } from '../../db/schema/online-payments';
import { payments } from '../../db/schema/payments';
import { Storage } from '../../lib/storage';
import { sendMonthlyStatements } from './statements.service';

let w: DeskWorld;
let seq = 0;

beforeAll(async () => {
  w = await buildDeskWorld();
});
afterAll(async () => w?.t.close());

/** Registers a new customer at a courier (its api key) with a code; the response as it came. */
async function register(extra: Record<string, unknown>, apiKey = DEFAULT_API_KEY, courierId = w.courierId) {
  seq += 1;
  const [branch] = await w.t.db.select().from(branches).where(eq(branches.courierId, courierId)).limit(1);
  return w.t.api('POST', '/customers/register', null, {
    accountType: 'individual',
    businessName: null,
    title: 'Ms.',
    firstName: 'Ref',
    lastName: `Person${seq}`,
    email: `ref${seq}-${Date.now()}@example.test`,
    phone: '876-555-0100',
    password: 'Referral#2026',
    trn: '111-222-333',
    address: '5 Hope Road',
    parish: 'Kingston',
    city: 'Kingston',
    country: 'Jamaica',
    branchId: branch?.id,
    courierId,
    couponCode: null,
    referralCode: null,
    api_key: apiKey,
    ...extra,
  });
}

async function customerToken(customerId: number) {
  return (await w.t.ctx.tokens.sign({ sub: `customer:${customerId}`, role: 'customer', type: 'access', courierId: w.courierId }, 3600))
    .token;
}

/** A new invoice for one ready package of any customer of the demo courier. */
async function issueFor(customerId: number, weightLb = 1) {
  seq += 1;
  const [pkg] = await w.t.db
    .insert(packages)
    .values({
      courierId: w.courierId,
      packageNumber: `PKG-CR${seq}`,
      trackingNumber: `1ZCREDIT${seq}`,
      customerId,
      status: 'ready_for_pickup',
      weightLb,
      readyAt: new Date(),
    })
    .returning();
  const res = await w.api('POST', '/invoices', w.tokens.manager, { customerId, packageIds: [pkg?.id] });
  expect(res.statusCode, res.body).toBe(201);
  return { invoiceNo: res.json().invoiceNo as string, totalCents: res.json().totalCents as number };
}

async function newCustomer(extra: Record<string, unknown> = {}) {
  const res = await register(extra);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().customer.id as number;
  return { id, token: await customerToken(id) };
}

const goodwill = (customerId: number, amountCents: number, token = w.tokens.admin) =>
  w.api('POST', '/account-credit/goodwill', token, { customerId, amountCents, reason: 'Late delivery' });
const balanceOf = async (customerId: number) =>
  (await w.t.db.select({ c: customers.creditCents }).from(customers).where(eq(customers.id, customerId)))[0]?.c;

describe('account credit', () => {
  it('staff with the permission add goodwill credit with a reason (audited, e-mailed); others are refused', async () => {
    const c = await newCustomer();
    const refused = await goodwill(c.id, 500_00, w.tokens.staff);
    expect(refused.statusCode).toBe(403);
    const noReason = await w.api('POST', '/account-credit/goodwill', w.tokens.admin, { customerId: c.id, amountCents: 100, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Enter a reason');
    const res = await goodwill(c.id, 500_00);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().balanceCents).toBe(500_00);
    const account = (await w.api('GET', '/account-credit', c.token)).json();
    expect(account.balanceCents).toBe(500_00);
    expect(account.entries[0]).toMatchObject({ kind: 'goodwill', amountCents: 500_00, description: 'Late delivery' });
    expect(account.referralCode).toMatch(/^REF-[A-Z0-9]{6}$/);
    expect(account.referralLink).toContain(`/register?ref=${account.referralCode}`);
    const [entry] = await w.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account_credit.goodwill_added'), eq(auditLog.entityId, String(c.id))));
    expect(entry?.details).toMatchObject({ amountCents: 500_00, reason: 'Late delivery' });
    // Another courier's admin cannot reach this customer.
    expect((await goodwill(c.id, 100, w.tokens.secondAdmin)).statusCode).toBe(404);
  });

  it('never goes below zero when two uses race for the same credit', async () => {
    const c = await newCustomer();
    await goodwill(c.id, 1000_00);
    const a = await issueFor(c.id, 2);
    const b = await issueFor(c.id, 2);
    const results = await Promise.all([
      w.api('POST', '/payments/credit', c.token, { invoiceNo: a.invoiceNo, amountCents: 700_00 }),
      w.api('POST', '/payments/credit', c.token, { invoiceNo: b.invoiceNo, amountCents: 700_00 }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 422]);
    const refused = results.find((r) => r.statusCode === 422);
    expect(refused?.json().message).toBe('Not enough account credit: JMD 300.00 available');
    expect(await balanceOf(c.id)).toBe(300_00);
    const entries = await w.t.db.select().from(accountCreditEntries).where(eq(accountCreditEntries.customerId, c.id));
    expect(entries.reduce((s, e) => s + e.amountCents, 0)).toBe(300_00);
  });

  it('used at the counter and online on one invoice at once: both go through, in one lock order', async () => {
    const c = await newCustomer();
    await goodwill(c.id, 1000_00);
    const inv = await issueFor(c.id, 2);
    const [counter, online] = await Promise.all([
      w.api('POST', '/payments', w.tokens.staff, {
        method: 'account_credit',
        allocations: [{ invoiceNo: inv.invoiceNo, amountCents: 300_00 }],
      }),
      w.api('POST', '/payments/credit', c.token, { invoiceNo: inv.invoiceNo, amountCents: 300_00 }),
    ]);
    expect([counter.statusCode, online.statusCode], `${counter.body} ${online.body}`).toEqual([201, 201]);
    expect(await balanceOf(c.id)).toBe(400_00);
  });

  it('is taken at the counter as a payment method, without a till', async () => {
    const c = await newCustomer();
    await goodwill(c.id, 200_00);
    const inv = await issueFor(c.id);
    const tooMuch = await w.api('POST', '/payments', w.tokens.staff, {
      method: 'account_credit',
      allocations: [{ invoiceNo: inv.invoiceNo, amountCents: 300_00 }],
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe('Not enough account credit: JMD 200.00 available');
    const res = await w.api('POST', '/payments', w.tokens.staff, {
      method: 'account_credit',
      allocations: [{ invoiceNo: inv.invoiceNo, amountCents: 200_00 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [p] = await w.t.db.select().from(payments).where(eq(payments.receiptNo, res.json().receiptNo));
    expect(p).toMatchObject({ method: 'account_credit', branchId: null, amountCents: 200_00 });
    expect(await balanceOf(c.id)).toBe(0);
    const detail = (await w.api('GET', `/invoices/${inv.invoiceNo}`, w.tokens.manager)).json();
    expect(detail.status).toBe('partially_paid');
    expect(detail.balanceCents).toBe(inv.totalCents - 200_00);
  });

  it('is used online by the customer on part of an invoice, the rest left to pay', async () => {
    const c = await newCustomer();
    await goodwill(c.id, 100_00);
    const inv = await issueFor(c.id);
    const other = await newCustomer();
    const otherInvoice = await issueFor(other.id);
    // Someone else's invoice is not found.
    expect((await w.api('POST', '/payments/credit', c.token, { invoiceNo: otherInvoice.invoiceNo })).statusCode).toBe(404);
    const res = await w.api('POST', '/payments/credit', c.token, { invoiceNo: inv.invoiceNo });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ creditCents: 100_00, balanceCents: 0, invoiceBalanceCents: inv.totalCents - 100_00 });
    const detail = (await w.api('GET', `/invoices/${inv.invoiceNo}`, c.token)).json();
    expect(detail.status).toBe('partially_paid');
    expect(detail.balanceCents).toBe(inv.totalCents - 100_00);
    // Nothing left: refused in our words.
    const again = await w.api('POST', '/payments/credit', c.token, { invoiceNo: inv.invoiceNo });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This customer has no account credit');
  });

  it('takes a refund as account credit instead of cash: a credit note, no till', async () => {
    const c = await newCustomer();
    const inv = await issueFor(c.id);
    const paid = await w.api('POST', '/payments', w.tokens.staff, {
      method: 'cash',
      allocations: [{ invoiceNo: inv.invoiceNo, amountCents: inv.totalCents }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const refund = await w.api('POST', `/payments/${paid.json().receiptNo}/refunds`, w.tokens.admin, {
      amountCents: 150_00,
      reason: 'Damaged item',
      toCredit: true,
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().creditNoteNo).toMatch(/^CN-\d{6}$/);
    const [row] = await w.t.db.select().from(paymentRefunds).where(eq(paymentRefunds.creditNoteNo, refund.json().creditNoteNo));
    expect(row).toMatchObject({ toCredit: true, branchId: null, amountCents: 150_00 });
    expect(await balanceOf(c.id)).toBe(150_00);
    const account = (await w.api('GET', '/account-credit', c.token)).json();
    expect(account.entries[0].kind).toBe('refund');
    expect(account.entries[0].description).toContain(refund.json().creditNoteNo);
  });
});

describe('monthly statements', () => {
  it("list the month's invoices, payments and credit with the balance, in the PDF and the e-mail of the 1st", async () => {
    const reg = await register({ accountType: 'business', businessName: 'Blue Mountain Traders', title: null });
    expect(reg.statusCode, reg.body).toBe(201);
    const id = reg.json().customer.id as number;
    const token = await customerToken(id);
    const inv = await issueFor(id);
    const paid = await w.api('POST', '/payments', w.tokens.staff, {
      method: 'cash',
      allocations: [{ invoiceNo: inv.invoiceNo, amountCents: 200_00 }],
    });
    expect(paid.statusCode).toBe(201);
    await goodwill(id, 50_00);
    const month = dayInZone(new Date(), 'America/Jamaica').slice(0, 7);
    const res = await w.api('GET', `/account-credit/statement?month=${month}`, token);
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Blue Mountain Traders');
    expect(text).toContain(inv.invoiceNo);
    expect(text).toContain(paid.json().receiptNo);
    expect(text).toContain('Goodwill: Late delivery');
    expect(text).toMatch(/Balance at the start of the month\s*JMD 0\.00/);
    const owed = ((inv.totalCents - 200_00) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(text).toMatch(new RegExp(`Balance at the end of the month\\s*JMD ${owed.replace('.', '\\.')}`));
    expect(text).toMatch(/Account credit available\s*JMD 50\.00/);
    // Staff download it too; a bad month is refused in our words.
    expect((await w.api('GET', `/account-credit/statement?month=${month}&customerId=${id}`, w.tokens.staff)).statusCode).toBe(200);
    expect((await w.api('GET', '/account-credit/statement?month=2026-13', token)).json().message).toBe('Choose a month');

    // The job on the 1st of next month e-mails it (with the PDF) once, to business customers only.
    const [y, m] = month.split('-').map(Number) as [number, number];
    const firstOfNext = new Date(Date.UTC(m === 12 ? y + 1 : y, m === 12 ? 0 : m, 1, 12));
    const deps = { db: w.t.db, mailer: w.t.ctx.mailer, storage: new Storage(w.t.ctx.config) };
    expect(await sendMonthlyStatements(deps, firstOfNext)).toBeGreaterThanOrEqual(1);
    expect(await sendMonthlyStatements(deps, firstOfNext)).toBe(0);
    const [business] = await w.t.db.select().from(customers).where(eq(customers.id, id));
    const mails = await w.t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, business?.email ?? ''));
    const statementMail = mails.filter((x) => x.subject.includes(': Your statement for'));
    expect(statementMail).toHaveLength(1);
    const attachment = statementMail[0]?.attachments?.[0];
    expect(attachment?.contentType).toBe('application/pdf');
    expect(await pdfText(Buffer.from(attachment?.contentBase64 ?? '', 'base64'))).toContain(inv.invoiceNo);
    const individualMails = await w.t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'customer@example.test'));
    expect(individualMails.filter((x) => x.subject.includes(': Your statement for'))).toHaveLength(0);
  });
});

describe('referrals', () => {
  it("credit both sides once, on the referred customer's first fully paid invoice", async () => {
    const rewards = await w.api('PUT', '/settings/referral-rewards', w.tokens.admin, {
      referrerRewardCents: 500_00,
      referredRewardCents: 250_00,
    });
    expect(rewards.statusCode, rewards.body).toBe(200);
    const referrer = await newCustomer();
    const code = (await w.api('GET', '/account-credit', referrer.token)).json().referralCode as string;
    const referred = await newCustomer({ referralCode: code.toLowerCase(), phone: '876-555-0199', trn: '999-888-777' });
    const [row] = await w.t.db.select().from(customers).where(eq(customers.id, referred.id));
    expect(row?.referredById).toBe(referrer.id);

    const inv = await issueFor(referred.id);
    const part = await w.api('POST', '/payments', w.tokens.staff, {
      method: 'cash',
      allocations: [{ invoiceNo: inv.invoiceNo, amountCents: 100_00 }],
    });
    expect(part.statusCode).toBe(201);
    expect(await balanceOf(referrer.id)).toBe(0);
    const rest = await w.api('POST', '/payments', w.tokens.staff, {
      method: 'cash',
      allocations: [{ invoiceNo: inv.invoiceNo, amountCents: inv.totalCents - 100_00 }],
    });
    expect(rest.statusCode).toBe(201);
    expect(await balanceOf(referrer.id)).toBe(500_00);
    expect(await balanceOf(referred.id)).toBe(250_00);
    // A second paid invoice pays nothing more.
    const second = await issueFor(referred.id);
    await w.api('POST', '/payments', w.tokens.staff, {
      method: 'cash',
      allocations: [{ invoiceNo: second.invoiceNo, amountCents: second.totalCents }],
    });
    expect(await balanceOf(referrer.id)).toBe(500_00);
    expect(await balanceOf(referred.id)).toBe(250_00);
    const [referrerRow] = await w.t.db.select().from(customers).where(eq(customers.id, referrer.id));
    const mails = await w.t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, referrerRow?.email ?? ''));
    expect(mails.filter((x) => x.subject.endsWith(': JMD 500.00 referral credit added'))).toHaveLength(1);
    const list = (await w.api('GET', '/referrals', w.tokens.manager)).json();
    expect(list.find((r: { customerId: number }) => r.customerId === referred.id)).toMatchObject({ referrerId: referrer.id });
    expect(list.find((r: { customerId: number }) => r.customerId === referred.id).rewardedAt).not.toBeNull();
  });

  it('pays nobody between two accounts of one person (the same TRN, or the same phone however written)', async () => {
    await w.api('PUT', '/settings/referral-rewards', w.tokens.admin, { referrerRewardCents: 500_00, referredRewardCents: 250_00 });
    for (const [over, same] of [
      [{ phone: '876-555-0142' }, 'TRN'],
      [{ trn: '123-456-789', phone: '+1 (876) 555 0100' }, 'phone'],
    ] as const) {
      const referrer = await newCustomer();
      const code = (await w.api('GET', '/account-credit', referrer.token)).json().referralCode as string;
      const twin = await newCustomer({ referralCode: code, ...over });
      const inv = await issueFor(twin.id);
      const paid = await w.api('POST', '/payments', w.tokens.staff, {
        method: 'cash',
        allocations: [{ invoiceNo: inv.invoiceNo, amountCents: inv.totalCents }],
      });
      expect(paid.statusCode, paid.body).toBe(201);
      expect(await balanceOf(referrer.id)).toBe(0);
      expect(await balanceOf(twin.id)).toBe(0);
      const [refused] = await w.t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'account_credit.referral_refused'), eq(auditLog.entityId, String(twin.id))));
      expect(refused?.details).toMatchObject({ referrerId: referrer.id, reason: `same ${same} as the referrer` });
      // A second paid invoice pays nothing either.
      const second = await issueFor(twin.id);
      await w.api('POST', '/payments', w.tokens.staff, {
        method: 'cash',
        allocations: [{ invoiceNo: second.invoiceNo, amountCents: second.totalCents }],
      });
      expect(await balanceOf(referrer.id)).toBe(0);
    }
  });

  it('a code of one courier does nothing at another: the registration is refused on the field', async () => {
    const referrer = await newCustomer();
    const code = (await w.api('GET', '/account-credit', referrer.token)).json().referralCode as string;
    await w.t.db.insert(branches).values({ courierId: w.secondCourierId, name: 'Second Main' });
    const res = await register({ referralCode: code }, 'ck_second_desk', w.secondCourierId);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors?.referralCode ?? res.json().message).toBeTruthy();
    expect(res.json().message).toBe('This referral or coupon code is not valid here');
    const unknown = await register({ referralCode: 'REF-NOPE00' });
    expect(unknown.statusCode).toBe(422);
  });
});

describe('coupons', () => {
  const coupon = (body: Record<string, unknown>, token = w.tokens.admin) => w.api('POST', '/coupons', token, body);

  it('a percentage off, once per customer, within its uses and dates, at its own courier only', async () => {
    const created = await coupon({ code: 'welcome10', kind: 'percent', percent: 10, maxUses: 2 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().code).toBe('WELCOME10');
    expect((await coupon({ code: 'WELCOME10', kind: 'fixed', amountCents: 100 })).statusCode).toBe(409);

    const first = await newCustomer({ couponCode: 'WELCOME10' });
    // The coupon typed at registration waits on the account until it is used.
    expect((await w.api('GET', '/account-credit', first.token)).json().pendingCouponCode).toBe('WELCOME10');
    const inv = await issueFor(first.id);
    const used = await w.api('POST', '/payments/credit', first.token, { invoiceNo: inv.invoiceNo, couponCode: 'welcome10' });
    expect(used.statusCode, used.body).toBe(201);
    expect(used.json().couponCents).toBe(Math.round(inv.totalCents / 10));
    expect(used.json().invoiceBalanceCents).toBe(inv.totalCents - Math.round(inv.totalCents / 10));
    expect(await balanceOf(first.id)).toBe(0);
    expect((await w.api('GET', '/account-credit', first.token)).json().pendingCouponCode).toBeNull();
    const inv2 = await issueFor(first.id);
    const twice = await w.api('POST', '/payments/credit', first.token, { invoiceNo: inv2.invoiceNo, couponCode: 'WELCOME10' });
    expect(twice.json().message).toBe('You have already used this coupon');

    const second = await newCustomer();
    const third = await newCustomer();
    const i2 = await issueFor(second.id);
    const i3 = await issueFor(third.id);
    expect((await w.api('POST', '/payments/credit', second.token, { invoiceNo: i2.invoiceNo, couponCode: 'WELCOME10' })).statusCode).toBe(
      201,
    );
    const usedUp = await w.api('POST', '/payments/credit', third.token, { invoiceNo: i3.invoiceNo, couponCode: 'WELCOME10' });
    expect(usedUp.statusCode).toBe(422);
    expect(usedUp.json().message).toBe('This coupon has been used up');
    // Nothing was taken from the third customer's invoice.
    const [after] = await w.t.db.select().from(invoices).where(eq(invoices.invoiceNo, i3.invoiceNo));
    expect(after?.paidCents).toBe(0);

    const list = (await w.api('GET', '/coupons', w.tokens.admin)).json();
    expect(list.find((c: { code: string }) => c.code === 'WELCOME10')).toMatchObject({ usesCount: 2 });

    // Dates: a coupon that ended yesterday is refused.
    await coupon({ code: 'OLDDEAL', kind: 'fixed', amountCents: 100_00, validFrom: '2020-01-01', validUntil: '2020-12-31' });
    const expired = await w.api('POST', '/payments/credit', third.token, { invoiceNo: i3.invoiceNo, couponCode: 'OLDDEAL' });
    expect(expired.json().message).toBe('This coupon is not valid today');
    // Another courier's coupon is unknown here.
    const theirs = await w.api('POST', '/coupons', w.tokens.secondAdmin, { code: 'SECONDONLY', kind: 'fixed', amountCents: 100_00 });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const foreign = await w.api('POST', '/payments/credit', third.token, { invoiceNo: i3.invoiceNo, couponCode: 'SECONDONLY' });
    expect(foreign.json().message).toBe('Coupon not found');
    expect((await register({ couponCode: 'SECONDONLY' })).statusCode).toBe(422);
  });

  it('free delivery needs a delivery charge on the invoice', async () => {
    await coupon({ code: 'FREEDEL', kind: 'free_delivery' });
    const c = await newCustomer();
    const inv = await issueFor(c.id);
    const res = await w.api('POST', '/payments/credit', c.token, { invoiceNo: inv.invoiceNo, couponCode: 'FREEDEL' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This invoice has no delivery charge');
  });
});
