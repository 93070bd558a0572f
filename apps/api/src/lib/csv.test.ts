import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header and rows with CRLF, quoting only what needs it, null as empty', async () => {
    expect(
      await toCsv(
        ['Name', 'Amount'],
        [
          ['a,b', 12.5],
          ['say "hi"', null],
        ],
      ),
    ).toBe('Name,Amount\r\n"a,b",12.5\r\n"say ""hi""",\r\n');
  });

  it('defuses every cell a spreadsheet would run as a formula, and only those', async () => {
    const cells = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'];
    const csv = await toCsv(
      ['Cell'],
      cells.map((c) => [c]),
    );
    expect(csv.split('\r\n').slice(1, -1)).toEqual([
      '"\'=HYPERLINK(""http://x"",""y"")"',
      '"\'+1+1"',
      '"\'-2+3"',
      '"\'@SUM(A1)"',
      '"\'\tcmd"',
      '"\'\rcmd"',
    ]);
  });

  it('leaves plain numbers alone, negative ones included, as text or as numbers', async () => {
    expect(await toCsv(['A', 'B', 'C', 'D'], [['-642.50', -3, '+5', 'a-b']])).toBe('A,B,C,D\r\n-642.50,-3,+5,a-b\r\n');
  });

  it('writes only the rows for a later batch of a streamed export, and nothing for an empty one', async () => {
    expect(await toCsv(['A'], [['x']], { header: false })).toBe('x\r\n');
    expect(await toCsv(['A'], [], { header: false })).toBe('');
    expect(await toCsv(['A'], [])).toBe('A\r\n');
  });
});
