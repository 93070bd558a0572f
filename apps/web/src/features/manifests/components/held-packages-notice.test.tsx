import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listQuerySchema } from '@courier/shared/schemas/common';
import { fakeApi, renderWithApi, signedInWithFakeApi } from '@/test/fake-api';
import { HeldPackagesNotice } from './held-packages-notice';

signedInWithFakeApi();

const HELD = {
  id: 4,
  packageNumber: 'PKG-000004',
  customerName: 'Jane Brown',
  mailboxNumber: 'JEP-10001',
  holdReason: 'Waiting for the merchant invoice',
};

describe('HeldPackagesNotice', () => {
  it('asks for the held packages with a page size the API takes, and lists them', async () => {
    // The fake server reads the query as the API does: a page size it does not take is refused.
    const api = fakeApi(({ url }) => {
      const query = Object.fromEntries(new URL(url, 'http://localhost').searchParams);
      const parsed = listQuerySchema.safeParse(query);
      if (!parsed.success) return { status: 400, body: { message: parsed.error.issues[0]?.message } };
      expect(parsed.data.filters).toEqual({ status: 'on_hold', mode: 'AIR' });
      return { body: { data: [HELD], total: 1, page: 1, limit: parsed.data.limit } };
    });
    renderWithApi(<HeldPackagesNotice mode="AIR" />);
    expect(await screen.findByRole('status')).toHaveTextContent('1 AIR package is on hold');
    expect(screen.getByRole('status')).toHaveTextContent('PKG-000004 (JEP-10001): Waiting for the merchant invoice');
    expect(api.sent('GET')).toHaveLength(1);
  });
});
