import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageSchema } from '@courier/shared/schemas/common';
import { packageListItemSchema } from '@courier/shared/schemas/packages';
import { fastOkSerializer } from './fast-serializer';

const route = (schema: z.ZodType, httpStatus = '200') => ({ schema, method: 'GET', url: '/x', httpStatus });
const row = {
  id: 7,
  courierId: 1,
  courierName: 'Jamaica Express',
  timeZone: 'America/Jamaica',
  packageNumber: 'PKG-000007',
  trackingNumber: '1Z999',
  status: 'received' as const,
  holdReason: null,
  customerName: 'Ann Lee',
  mailboxNumber: 'JX-0001',
  branchName: null,
  mode: 'AIR' as const,
  manifestNumber: null,
  weightLb: 2.5,
  receivedAt: '2026-11-24T08:00:00.000Z',
};

describe('fastOkSerializer', () => {
  const page = pageSchema(packageListItemSchema);
  const write = fastOkSerializer(route(page));

  it("writes the JSON zod's serializer writes (required properties first)", () => {
    const answer = { data: [row, { ...row, id: 8, courierName: undefined }], total: 2, page: 1, limit: 50 };
    expect(JSON.parse(write(answer))).toEqual(page.parse(answer));
    expect(JSON.parse(write({ ...answer, totalCapped: true }))).toEqual(page.parse({ ...answer, totalCapped: true }));
    expect(write(answer).length).toBe(JSON.stringify(page.parse(answer)).length);
  });

  it('sends only the fields the schema lists', () => {
    const sent = JSON.parse(write({ data: [{ ...row, passwordHash: 'x', description: 'y' }], total: 1, page: 1, limit: 50, secret: 1 }));
    expect(Object.keys(sent)).toEqual(['data', 'total', 'page', 'limit']);
    expect(Object.keys(sent.data[0]).sort()).toEqual(Object.keys(row).sort());
  });

  it('refuses an answer without a required field', () => {
    const { receivedAt: _, ...missing } = row;
    expect(() => write({ data: [missing], total: 1, page: 1, limit: 50 })).toThrow(/receivedAt/);
  });

  it('leaves other statuses to the zod serializer', () => {
    const error = fastOkSerializer(route(z.object({ message: z.string() }), '400'));
    expect(() => error({ message: 3 })).toThrow();
    expect(error({ message: 'No', extra: 1 })).toBe('{"message":"No"}');
  });
});
