import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone } from '@courier/shared/domain/datetime';
import { INSURANCE_MESSAGES } from '@courier/shared/schemas/insurance';
import { type DeskWorld, buildDeskWorld, feeVersion as version, ownCourier, readyPackage } from '../../../test/fixtures/front-desk';
import { multipart } from '../../../test/multipart';
import { accountCreditEntries } from '../../db/schema/account-credit';
import { customers } from '../../db/schema/customers';
import { emailOutbox } from '../../db/schema/email';

/** An approved claim pays out (account credit or a refund), carries the customer's photos, and damage waits for arrival. */

let w: DeskWorld;
let c: Awaited<ReturnType<typeof ownCourier>>;

beforeAll(async () => {
  w = await buildDeskWorld();
  c = await ownCourier(w, 'CLP');
  const res = await w.api('POST', '/settings/fees', c.admin, {
    appliesTo: 'package',
    code: 'insurance',
    ...version(dayInZone(new Date(), 'America/Jamaica'), { name: 'Insurance', method: 'percent_value', percent: 2, minimum: 600 }),
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(async () => w?.t.close());

const openClaim = (packageId: number, reason: 'damaged' | 'lost', token = c.customer) =>
  w.api('POST', '/insurance-claims', token, { packageId, reason, description: 'Box crushed, lamp broken' });
const decide = (claimId: number, body: Record<string, unknown>) =>
  w.api('PUT', `/insurance-claims/${claimId}/decision`, c.admin, { reason: 'Photos show the damage', ...body });
const credit = async () => (await w.t.db.select({ c: customers.creditCents }).from(customers).where(eq(customers.id, c.customerId)))[0]?.c;
const mailTo = async (claimNo: string) =>
  w.t.db
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.subject, `%Insurance claim ${claimNo}:%`));

function uploadPhoto(claimId: number, data: Buffer, token = c.customer) {
  const form = multipart({}, { field: 'photo', name: 'damage.jpg', type: 'image/jpeg', data });
  return w.t.api({
    method: 'POST',
    url: `/insurance-claims/${claimId}/photos`,
    token,
    ...form,
  });
}

describe('claims', () => {
  it('a damage claim waits until the parcel has arrived in Jamaica; a lost one does not', async () => {
    const inMiami = await readyPackage(w, c.courierId, c.customerId, {
      status: 'received',
      readyAt: null,
      declaredValueUsdCents: 50_00,
      insured: true,
    });
    const refused = await openClaim(inMiami.id, 'damaged');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(INSURANCE_MESSAGES.notArrived);
    const onTheWay = await readyPackage(w, c.courierId, c.customerId, {
      status: 'in_transit',
      readyAt: null,
      declaredValueUsdCents: 50_00,
      insured: true,
    });
    expect((await openClaim(onTheWay.id, 'damaged')).statusCode).toBe(422);
    expect((await openClaim(onTheWay.id, 'lost')).statusCode).toBe(201);
    const arrived = await readyPackage(w, c.courierId, c.customerId, { declaredValueUsdCents: 50_00, insured: true });
    expect((await openClaim(arrived.id, 'damaged')).statusCode).toBe(201);
  });

  it("takes the customer's photos (re-encoded), only on their own open claim", async () => {
    const pkg = await readyPackage(w, c.courierId, c.customerId, { declaredValueUsdCents: 40_00, insured: true });
    const claim = (await openClaim(pkg.id, 'damaged')).json();
    const jpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 60, b: 40 } } })
      .jpeg()
      .toBuffer();
    const added = await uploadPhoto(claim.id, jpeg);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ width: 1600, height: 1067 });
    // Another courier's customer cannot reach it; nor can a file that is no image.
    expect((await uploadPhoto(claim.id, jpeg, w.tokens.customer)).statusCode).toBe(404);
    expect((await uploadPhoto(claim.id, Buffer.from('not an image at all'))).statusCode).toBe(415);
    const listed = (await w.api('GET', '/insurance-claims', c.admin)).json().data.find((x: { id: number }) => x.id === claim.id);
    expect(listed.photos).toHaveLength(1);
    const file = await w.t.api('GET', `/insurance-claims/${claim.id}/photos/${listed.photos[0].id}`, c.admin);
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).format).toBe('jpeg');
    expect((await w.t.api('GET', `/insurance-claims/${claim.id}/photos/${listed.photos[0].id}`, w.tokens.admin)).statusCode).toBe(404);
  });

  it('approved as account credit: the approved dollars at the exchange rate are credited, and the e-mail says so', async () => {
    const pkg = await readyPackage(w, c.courierId, c.customerId, { declaredValueUsdCents: 120_00, insured: true });
    const claim = (await openClaim(pkg.id, 'damaged')).json();
    const before = (await credit()) ?? 0;
    expect((await decide(claim.id, { outcome: 'approved', approvedAmount: 120.01, payout: 'account_credit' })).statusCode).toBe(422);
    const noPayout = await decide(claim.id, { outcome: 'approved', approvedAmount: 100 });
    expect(noPayout.statusCode).toBe(422);
    expect(noPayout.json().message).toBe(INSURANCE_MESSAGES.payoutRequired);
    const done = await decide(claim.id, { outcome: 'approved', approvedAmount: 100, payout: 'account_credit' });
    expect(done.statusCode, done.body).toBe(200);
    // US$100.00 at JMD 150 a dollar: JMD 15,000.00.
    expect(done.json()).toMatchObject({ status: 'approved', approvedUsdCents: 100_00, payout: 'account_credit', payoutCents: 15_000_00 });
    expect(await credit()).toBe(before + 15_000_00);
    const entries = await w.t.db
      .select()
      .from(accountCreditEntries)
      .where(and(eq(accountCreditEntries.customerId, c.customerId), eq(accountCreditEntries.kind, 'claim')));
    expect(entries.map((e) => [e.amountCents, e.description])).toEqual([[15_000_00, `${claim.claimNo} for ${pkg.packageNumber}`]]);
    const [mail] = await mailTo(claim.claimNo);
    expect(mail?.subject).toBe(`Courier CLP: Insurance claim ${claim.claimNo}: approved, JMD 15,000.00 by account credit`);
    expect(mail?.textBody).toContain('was approved for USD 100.00: we added JMD 15,000.00 to your account credit.');
  });

  it('approved as a refund: no credit, the claim keeps what is owed and the e-mail says how it is paid', async () => {
    const pkg = await readyPackage(w, c.courierId, c.customerId, { declaredValueUsdCents: 30_00, insured: true });
    const claim = (await openClaim(pkg.id, 'lost')).json();
    const before = await credit();
    const done = await decide(claim.id, { outcome: 'approved', approvedAmount: 30, payout: 'refund' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ payout: 'refund', payoutCents: 4_500_00 });
    expect(await credit()).toBe(before);
    const [mail] = await mailTo(claim.claimNo);
    expect(mail?.textBody).toContain('we are refunding JMD 4,500.00 to you by bank transfer.');
  });
});
