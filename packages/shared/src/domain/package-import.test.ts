import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type ImportMapping, checkImportRow } from './package-import';

const mapping: ImportMapping = {
  trackingNumber: 'Tracking',
  weightLb: 'Weight',
  pieces: 'Pcs',
  valueUsd: 'Value',
  receivedDate: 'Date',
  dimensions: 'Dims',
};
const today = '2026-11-28';
const row = (over: Record<string, string>) => checkImportRow({ Tracking: '1Z999AA10123456784', Weight: '2', ...over }, mapping, today);

describe('a row of the agent’s file', () => {
  it.each([
    ['value N/A', { Value: 'N/A' }, IMPORT_MESSAGES.keptWithout(IMPORT_MESSAGES.placeholder('value', 'N/A'))],
    ['value "-"', { Value: '-' }, IMPORT_MESSAGES.keptWithout(IMPORT_MESSAGES.placeholder('value', '-'))],
    ['value not an amount', { Value: 'ask shipper' }, IMPORT_MESSAGES.keptWithout(IMPORT_MESSAGES.valueBad('ask shipper'))],
    ['date in the future', { Date: '12/05/2026' }, IMPORT_MESSAGES.keptToday(IMPORT_MESSAGES.dateFuture('12/05/2026'))],
    ['date n/a', { Date: 'n/a' }, IMPORT_MESSAGES.keptWithout(IMPORT_MESSAGES.placeholder('date', 'n/a'))],
    ['dimensions unknown', { Dims: 'unknown' }, IMPORT_MESSAGES.keptWithout(IMPORT_MESSAGES.placeholder('dimensions', 'unknown'))],
    ['pieces N/A', { Pcs: 'NA' }, IMPORT_MESSAGES.keptWithout(IMPORT_MESSAGES.placeholder('pieces', 'NA'))],
  ])('keeps the parcel with %s, the field left empty and noted', (_name, cells, warning) => {
    const check = row(cells);
    expect(check).toMatchObject({ ok: true, warnings: [warning] });
    if (!check.ok) return;
    expect(check.values).toMatchObject({ declaredValueUsdCents: null, receivedDate: null, lengthIn: null, pieces: null });
  });

  it('refuses a row without what every parcel needs, naming its tracking number as written', () => {
    expect(row({ Weight: 'N/A' })).toEqual({
      ok: false,
      errors: [IMPORT_MESSAGES.weightBad('N/A')],
      trackingNumber: '1Z999AA10123456784',
    });
    expect(row({ Tracking: 'ABC#1', Weight: '' })).toEqual({
      ok: false,
      errors: [IMPORT_MESSAGES.trackingShape, IMPORT_MESSAGES.weightMissing],
      trackingNumber: 'ABC#1',
    });
  });

  it('reads the pieces of a multi-box shipment', () => {
    expect(row({ Pcs: '3' })).toMatchObject({ ok: true, values: { pieces: 3 }, warnings: [] });
  });
});
