import { describe, expect, it } from 'vitest';
import { BRANCH_MESSAGES } from '@courier/shared/schemas/branches';
import { withOrganisationWorld } from '../../../test/fixtures/organisation';

const { world, call } = withOrganisationWorld();

describe('branches', () => {
  it('creates, edits and deletes a branch; a branch with people is kept', async () => {
    const created = await call('admin', 'POST', '/api/branches', {
      name: 'Mandeville',
      code: 'MAN',
      parish: 'Manchester',
      phone: '876-555-0100',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Mandeville', active: true, staffCount: 0 });
    const edited = await call('admin', 'PUT', `/api/branches/${created.json().id}`, {
      name: 'Mandeville Plaza',
      parish: 'Manchester',
      active: false,
    });
    expect(edited.json()).toMatchObject({ name: 'Mandeville Plaza', active: false });
    expect((await call('admin', 'POST', '/api/branches', { name: '' })).json().message).toBe(BRANCH_MESSAGES.nameRequired);
    expect((await call('admin', 'DELETE', `/api/branches/${created.json().id}`)).statusCode).toBe(200);
    const busy = await call('admin', 'DELETE', `/api/branches/${world().demo.branchId}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(BRANCH_MESSAGES.inUse);
  });
});
