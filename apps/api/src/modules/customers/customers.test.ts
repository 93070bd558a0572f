import { describe, expect, it } from 'vitest';
import { withOrganisationWorld } from '../../../test/fixtures/organisation';

const { world, call } = withOrganisationWorld();

describe('customers', () => {
  it('edits and deactivates a customer; business customers are their own list', async () => {
    const edit = await call('admin', 'PUT', `/api/customers/${world().demo.customerId}`, {
      accountType: 'business',
      businessName: '',
      firstName: 'Kimberly',
      lastName: 'Williams',
      email: 'customer@example.test',
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe('Business name is required for business accounts');
    expect((await call('admin', 'GET', `/api/business-customers/${world().demo.customerId}`)).statusCode).toBe(404);
    const ok = await call('admin', 'PUT', `/api/customers/${world().demo.customerId}`, {
      accountType: 'business',
      businessName: 'Williams Imports',
      firstName: 'Kimberly',
      lastName: 'Williams',
      email: 'customer@example.test',
      parish: 'Clarendon',
      branchId: world().demo.branchId,
    });
    expect(ok.statusCode).toBe(200);
    const list = await call('admin', 'GET', '/api/business-customers');
    expect(list.json().data.map((c: { businessName: string }) => c.businessName)).toEqual(['Williams Imports']);
    const off = await call('admin', 'PATCH', `/api/customers/${world().demo.customerId}/status`, { active: false });
    expect(off.json().active).toBe(false);
    expect((await world().t.api('GET', '/dashboard', world().tokens.customer ?? '')).statusCode).toBe(401);
    await call('admin', 'PATCH', `/api/customers/${world().demo.customerId}/status`, { active: true });
  });
});
