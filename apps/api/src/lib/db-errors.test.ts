import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './db-errors';

describe('isUniqueViolation', () => {
  const violation = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });

  it('finds the unique_violation code on the error or any error it wraps', () => {
    expect(isUniqueViolation(violation)).toBe(true);
    expect(isUniqueViolation(new Error('Failed query', { cause: violation }))).toBe(true);
    expect(isUniqueViolation(new Error('outer', { cause: new Error('middle', { cause: violation }) }))).toBe(true);
  });

  it('is false for other database errors and for anything that is not an error', () => {
    expect(isUniqueViolation(Object.assign(new Error('foreign key'), { code: '23503' }))).toBe(false);
    expect(isUniqueViolation(new Error('Failed query', { cause: new Error('timeout') }))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
