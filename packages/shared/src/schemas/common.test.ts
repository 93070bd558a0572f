import { describe, expect, it } from 'vitest';
import { listQuerySchema } from './common';

describe('listQuerySchema', () => {
  it('defaults to page 1 of 10', () => {
    expect(listQuerySchema.parse({})).toEqual({ page: 1, limit: 10, order: 'asc', filters: {} });
  });
  it('accepts only the page sizes of part 2 §9', () => {
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
