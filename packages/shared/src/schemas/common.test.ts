import { describe, expect, it } from 'vitest';
import { DATE_MESSAGES, calendarDateSchema, listQuerySchema } from './common';

describe('listQuerySchema', () => {
  it('defaults to page 1 of 10', () => {
    expect(listQuerySchema.parse({})).toEqual({ page: 1, limit: 10, order: 'asc', filters: {} });
  });
  it('accepts only the page sizes 10, 25, 50 and 100', () => {
    for (const limit of ['10', '25', '50', '100']) expect(listQuerySchema.safeParse({ limit }).success).toBe(true);
    const bad = listQuerySchema.safeParse({ limit: '1000' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Per page must be one of 10, 25, 50, 100');
  });
  it('parses filters from JSON and refuses anything else', () => {
    expect(listQuerySchema.parse({ filters: '{"status":"active","total":12.5}' }).filters).toEqual({ status: 'active', total: '12.5' });
    expect(listQuerySchema.safeParse({ filters: '[1,2]' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ filters: '{oops' }).success).toBe(false);
  });
});

describe('calendarDateSchema', () => {
  it.each(['2026-01-31', '2024-02-29', '1900-01-01', '2100-12-31'])('reads %s', (value) => {
    expect(calendarDateSchema().safeParse(value).success).toBe(true);
  });
  it.each([
    ['2026-13-01', DATE_MESSAGES.invalid],
    ['2026-02-30', DATE_MESSAGES.invalid],
    ['2025-02-29', DATE_MESSAGES.invalid],
    ['2026-1-1', DATE_MESSAGES.invalid],
    ['9999-12-31', DATE_MESSAGES.outOfRange],
    ['1899-12-31', DATE_MESSAGES.outOfRange],
  ])('refuses %s with our words', (value, message) => {
    const result = calendarDateSchema().safeParse(value);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
