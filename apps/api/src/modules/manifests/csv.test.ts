import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, CRLF and skips blank lines', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n\n1,\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['1', ''],
    ]);
  });
  it('reads a last line without a newline', () => {
    expect(parseCsv('tracking_number\n1Z1')).toEqual([['tracking_number'], ['1Z1']]);
  });
});
