import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import { couriers } from '../../db/schema/couriers';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, loginAs, seedDemoData } from '../../../test/helper';
import { SAMPLE_PDF, multipart } from '../../../test/multipart';

let t: TestApp;
let staff: string;
let customer: { id: number; token: string };
let neighbour: { id: number; token: string };
let otherAdmin: string;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  staff = await loginAs(t, 'staff');
  const [demo] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!demo) throw new Error('no demo courier');
  const demoCourier = demo.id;
  customer = await makeCustomer(t, demoCourier);
  neighbour = await makeCustomer(t, demoCourier);
  const other = await makeCourier(t, 'PAO');
  otherAdmin = (await makeUser(t, other.id, 'courier_admin')).token;
});
afterAll(async () => t?.close());

const preAlert = (token: string, trackingNumber: string) =>
  t.api('POST', '/customer/pre-alerts', token, { trackingNumber, merchant: 'Amazon', description: 'Kettle', declaredValueUsdCents: 4999 });
const cancel = (token: string, id: number) => t.api('POST', `/customer/pre-alerts/${id}/cancel`, token);

describe('a customer pre-alerts a package', () => {
  it('recognises the carrier from the tracking number and starts pending, without an invoice', async () => {
    const res = await preAlert(customer.token, 'TBA555000111222');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ carrier: 'AMAZON', status: 'pending', hasInvoice: false, customerId: customer.id });
  });

  it('refuses the same tracking number twice, whatever its case', async () => {
    const res = await preAlert(customer.token, 'tba555000111222');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PACKAGE_MESSAGES.duplicatePreAlert);
  });

  it("lists a customer's own pre-alerts only; staff see the courier's, another courier none", async () => {
    await preAlert(neighbour.token, '1Z999AA10123456784');
    const own = (await t.api('GET', '/api/customer/pre-alerts', customer.token)).json();
    expect(own.data.map((p: { trackingNumber: string }) => p.trackingNumber)).toEqual(['TBA555000111222']);
    const staffList = (await t.api('GET', '/api/pre-alerts?limit=100', staff)).json();
    const tracking = staffList.data.map((p: { trackingNumber: string }) => p.trackingNumber);
    expect(tracking).toEqual(expect.arrayContaining(['TBA555000111222', '1Z999AA10123456784']));
    expect((await t.api('GET', '/api/pre-alerts?limit=100', otherAdmin)).json().total).toBe(0);
  });

  it('keeps the customer calls to customers and the staff list to staff', async () => {
    expect((await t.api('GET', '/api/customer/pre-alerts', staff)).statusCode).toBe(403);
    expect((await t.api('GET', '/api/pre-alerts', customer.token)).statusCode).toBe(403);
  });
});

describe('the invoice of a pre-alert', () => {
  let id: number;
  beforeAll(async () => {
    id = (await preAlert(customer.token, '9400111899223197400001')).json().id;
  });
  const upload = (token: string, data: Buffer) => {
    const form = multipart({}, { field: 'invoice', name: 'invoice.pdf', type: 'application/pdf', data });
    return t.api({
      method: 'POST',
      url: `/customer/pre-alerts/${id}/invoice`,
      token,
      ...form,
    });
  };

  it('is checked by its content: a text file named .pdf is refused', async () => {
    const res = await upload(customer.token, Buffer.from('only text, not a PDF'));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(PACKAGE_MESSAGES.invoiceWrongType);
  });

  it('is attached by its owner only, and read by the owner and the courier staff', async () => {
    expect((await upload(neighbour.token, SAMPLE_PDF)).statusCode).toBe(404);
    const res = await upload(customer.token, SAMPLE_PDF);
    expect(res.statusCode).toBe(200);
    expect(res.json().hasInvoice).toBe(true);
    const own = await t.api('GET', `/api/customer/pre-alerts/${id}/invoice`, customer.token);
    expect(own.rawPayload.equals(SAMPLE_PDF)).toBe(true);
    expect((await t.api('GET', `/api/customer/pre-alerts/${id}/invoice`, neighbour.token)).statusCode).toBe(404);
    expect((await t.api('GET', `/api/pre-alerts/${id}/invoice`, staff)).statusCode).toBe(200);
    expect((await t.api('GET', `/api/pre-alerts/${id}/invoice`, otherAdmin)).statusCode).toBe(404);
  });
});

describe('cancelling', () => {
  it('cancels a pending pre-alert of ones own, once', async () => {
    const id = (await preAlert(customer.token, 'TBA555000999888')).json().id;
    expect((await cancel(neighbour.token, id)).statusCode).toBe(404);
    const ok = await cancel(customer.token, id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('cancelled');
    const again = await cancel(customer.token, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PACKAGE_MESSAGES.preAlertNotPending);
  });

  it('refuses to cancel one whose package has been received', async () => {
    const id = (await preAlert(customer.token, 'TBA555000777666')).json().id;
    const received = await t.api('POST', '/packages', staff, { trackingNumber: 'TBA555000777666', weightLb: 2 });
    expect(received.statusCode).toBe(201);
    expect(received.json()).toMatchObject({ preAlertId: id, customerId: customer.id });
    const res = await cancel(customer.token, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PACKAGE_MESSAGES.preAlertNotPending);
  });
});
