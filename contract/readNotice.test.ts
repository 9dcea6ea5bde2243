import { describe, expect, it } from 'vitest';
import { noticeResponse } from './notice.ts';
import { readNotice } from './readNotice.ts';

describe('readNotice', () => {
  it('accepts exactly what the noticeResponse schema accepts', () => {
    const answers: unknown[] = [
      { data: { maintenance: true } },
      { data: { maintenance: false, extra: 1 } },
      { data: { maintenance: 'true' } },
      { data: { maintenance: 1 } },
      { data: {} },
      { data: null },
      { data: [] },
      { maintenance: true },
      null,
      'text',
    ];
    for (const answer of answers) {
      const schema = noticeResponse.safeParse(answer);
      expect(readNotice(answer), JSON.stringify(answer)).toEqual(schema.success ? schema.data.data : null);
    }
  });
});
