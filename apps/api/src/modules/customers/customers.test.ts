import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrganisationWorld, buildOrganisationWorld } from '../../../test/fixtures/organisation';
import { bearer } from '../../../test/helper';

let w: OrganisationWorld;
beforeAll(async () => {
  w = await buildOrganisationWorld();
});
afterAll(async () => w?.t.close());

/** Calls as one of the world's people: super, admin, manager, staff, customer, otherAdmin. */
const call: OrganisationWorld['call'] = (...args) => w.call(...args);

describe('customers', () => {
  it('edits and deactivates a customer; business customers are their own list', async () => {
    const edit = await call('admin', 'PUT', `/api/customers/${w.demo.customerId}`, {
      accountType: 'business',
      businessName: '',
      firstName: 'Kimberly',
      lastName: 'Williams',
      email: 'customer@example.test',
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe('Business name is required for business accounts');
    expect((await call('admin', 'GET', `/api/business-customers/${w.demo.customerId}`)).statusCode).toBe(404);
    const ok = await call('admin', 'PUT', `/api/customers/${w.demo.customerId}`, {
      accountType: 'business',
      businessName: 'Williams Imports',
      firstName: 'Kimberly',
      lastName: 'Williams',
      email: 'customer@example.test',
      parish: 'Clarendon',
      branchId: w.demo.branchId,
    });
    expect(ok.statusCode).toBe(200);
    const list = await call('admin', 'GET', '/api/business-customers');
    expect(list.json().data.map((c: { businessName: string }) => c.businessName)).toEqual(['Williams Imports']);
    const off = await call('admin', 'PATCH', `/api/customers/${w.demo.customerId}/status`, { active: false });
    expect(off.json().active).toBe(false);
    expect((await w.t.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(w.tokens.customer ?? '') })).statusCode).toBe(401);
    await call('admin', 'PATCH', `/api/customers/${w.demo.customerId}/status`, { active: true });
  });
});
