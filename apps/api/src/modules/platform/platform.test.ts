import { describe, expect, it } from 'vitest';
import { withOrganisationWorld } from '../../../test/fixtures/organisation';

const { world, call } = withOrganisationWorld();

describe('platform (super admin)', () => {
  it('edits, suspends and reactivates a courier; a suspended courier cannot work', async () => {
    const detail = await call('super', 'GET', `/api/platform/couriers/${world().other.courierId}`);
    expect(detail.json()).toMatchObject({
      code: 'IBX',
      branchCount: 1,
      roleCount: 2,
      staffCount: 2,
      customerCount: 1,
      businessCustomerCount: 1,
    });
    expect(detail.json().admins).toEqual([expect.objectContaining({ email: 'omar@islandbox.test' })]);
    const clash = await call('super', 'PUT', `/api/platform/couriers/${world().other.courierId}`, { name: 'Island Box', code: 'jxp' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('Another courier already uses this code');
    const edited = await call('super', 'PUT', `/api/platform/couriers/${world().other.courierId}`, {
      name: 'Island Box Ltd',
      code: 'IBX',
      phone: '876-555-0199',
    });
    expect(edited.json()).toMatchObject({ name: 'Island Box Ltd', phone: '876-555-0199' });
    await call('super', 'PATCH', `/api/platform/couriers/${world().other.courierId}/status`, { status: 'suspended' });
    expect((await call('otherAdmin', 'GET', '/api/branches')).statusCode).toBe(401);
    await call('super', 'PATCH', `/api/platform/couriers/${world().other.courierId}/status`, { status: 'active' });
    expect((await call('otherAdmin', 'GET', '/api/branches')).statusCode).toBe(200);
  });

  it('rotates the api key', async () => {
    const before = (await call('super', 'GET', `/api/platform/couriers/${world().other.courierId}`)).json().apiKey;
    const after = (await call('super', 'POST', `/api/platform/couriers/${world().other.courierId}/api-key`)).json().apiKey;
    expect(after).toMatch(/^ck_[A-Za-z0-9_-]{32}$/);
    expect(after).not.toBe(before);
  });

  it('stores the platform settings, never returning the SMTP password, and new couriers take the exchange rate', async () => {
    const empty = (await call('super', 'GET', '/api/platform/settings')).json();
    expect(empty).toEqual({ brandName: 'Courier Portal', brandLogoUrl: null, defaultExchangeRate: 150, smtp: null, environmentSmtp: null });
    const saved = await call('super', 'PUT', '/api/platform/settings', {
      brandName: 'Parcel Platform',
      brandLogoUrl: '',
      defaultExchangeRate: 158,
      smtp: {
        host: 'smtp.example.test',
        port: 587,
        secure: false,
        user: 'mailer',
        password: 'SmtpSecret#1',
        fromEmail: 'no-reply@example.test',
        fromName: 'Parcel Platform',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().smtp).toEqual({
      host: 'smtp.example.test',
      port: 587,
      secure: false,
      user: 'mailer',
      hasPassword: true,
      fromEmail: 'no-reply@example.test',
      fromName: 'Parcel Platform',
    });
    expect(saved.body).not.toContain('SmtpSecret');
    const settings = await world().t.ctx.mailer.settingsFor(null);
    expect(settings).toMatchObject({ host: 'smtp.example.test', password: 'SmtpSecret#1' });
    const keep = await call('super', 'PUT', '/api/platform/settings', {
      brandName: 'Parcel Platform',
      defaultExchangeRate: 158,
      smtp: {
        host: 'smtp2.example.test',
        port: 465,
        secure: true,
        user: 'mailer',
        password: '',
        fromEmail: 'no-reply@example.test',
        fromName: 'PP',
      },
    });
    expect(keep.json().smtp.hasPassword).toBe(true);
    expect(await world().t.ctx.mailer.settingsFor(null)).toMatchObject({ host: 'smtp2.example.test', password: 'SmtpSecret#1' });
    const bad = await call('super', 'PUT', '/api/platform/settings', { brandName: 'X', defaultExchangeRate: 0, smtp: null });
    expect(bad.json().message).toBe('Exchange rate must be a whole number from 1 to 10000');
  });
});
