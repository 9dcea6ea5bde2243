import { describe, expect, it } from 'vitest';
import { csvField, seriesCsv, toCsv } from './analyticsCsv.ts';

describe('analytics CSV', () => {
  it('quotes commas, quotes and line breaks and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
    expect(toCsv([['a', 1], ['b,c', null]])).toBe('a,1\r\n"b,c",\r\n');
  });

  it('writes the series with a header row', () => {
    expect(seriesCsv([{ start: '2026-03-09', supporters: 2, visits: 5, posts: 0 }])).toBe('period_start,supporters,visits,posts\r\n2026-03-09,2,5,0\r\n');
  });
});
