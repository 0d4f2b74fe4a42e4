import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvReader, CsvSyntaxError, decodeRecords, encodeRecords, MAX_RECORD_CHARS } from './rfc4180';

const fieldsOf = (text: string) => decodeRecords(text).map((r) => r.fields);

describe('RFC 4180', () => {
  it('quotes commas, quotes and line breaks, and ends records with CRLF', () => {
    expect(encodeRecords([['a', 'b,c', 'say "hi"', 'two\nlines', 'cr\rlf']])).toBe(
      'a,"b,c","say ""hi""","two\nlines","cr\rlf"\r\n',
    );
  });

  it('reads quoted fields, CRLF and LF line ends, a BOM and a missing final line end', () => {
    expect(fieldsOf('\uFEFFa,"b,c"\r\n"x ""y""",\n"multi\r\nline",z')).toEqual([
      ['a', 'b,c'],
      ['x "y"', ''],
      ['multi\r\nline', 'z'],
    ]);
  });

  it('numbers each record by the physical line it starts on', () => {
    expect(decodeRecords('h\r\n"a\nb"\r\nc\r\n').map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('refuses an unclosed quote and a stray quote', () => {
    expect(() => decodeRecords('a,"b\r\n')).toThrow(CsvSyntaxError);
    expect(() => decodeRecords('a,b"c\r\n')).toThrow(/line 1: a quote inside an unquoted field/);
    expect(() => decodeRecords('"a"b\r\n')).toThrow(/closing quote/);
  });

  it('reads back whatever it writes', () => {
    const record = fc.array(fc.string({ unit: 'grapheme' }), { minLength: 2, maxLength: 6 });
    fc.assert(
      fc.property(fc.array(record, { maxLength: 8 }), (records) => {
        expect(fieldsOf(encodeRecords(records))).toEqual(records);
      }),
      { numRuns: 300 },
    );
  });

  it('reads the same records whatever the chunks the text arrives in', () => {
    const record = fc.array(fc.string({ unit: fc.constantFrom('a', ',', '"', '\r', '\n', ';', 'é', '中') }), {
      minLength: 1,
      maxLength: 5,
    });
    fc.assert(
      fc.property(fc.array(record, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 10 }), (records, cuts) => {
        const text = encodeRecords(records);
        const whole = decodeRecords(text);
        const reader = new CsvReader();
        const bounds = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const chunked = [];
        let from = 0;
        for (const to of [...bounds, text.length]) {
          chunked.push(...reader.push(text.slice(from, to)));
          from = to;
        }
        chunked.push(...reader.end());
        expect(chunked).toEqual(whole);
      }),
      { numRuns: 500, seed: 4180 },
    );
  });

  it('quotes a field holding a semicolon, which semicolon-locale spreadsheets split on', () => {
    expect(encodeRecords([['a;=1+1', 'b']])).toBe('"a;=1+1",b\r\n');
  });

  it('refuses a record longer than the limit instead of holding it', () => {
    const reader = new CsvReader();
    expect(() => reader.push(`"${'x'.repeat(MAX_RECORD_CHARS + 10)}`)).toThrow(/longer than/);
  });
});
