import { describe, expect, it } from 'vitest';
import { ESCALATE_MINUTES_FORMAT, parseEscalateMinutes } from './escalation-minutes';

describe('parseEscalateMinutes (mirrors the server: whole minutes, 1–60)', () => {
  it('accepts whole numbers from 1 to 60, with surrounding spaces', () => {
    expect(parseEscalateMinutes('1')).toEqual({ ok: true, value: 1 });
    expect(parseEscalateMinutes(' 3 ')).toEqual({ ok: true, value: 3 });
    expect(parseEscalateMinutes('60')).toEqual({ ok: true, value: 60 });
  });

  it.each(['', ' ', '0', '61', '-1', '2.5', '1e1', 'abc', '3 min', '0x10'])(
    'refuses %j with a message naming the range',
    (input) => {
      expect(parseEscalateMinutes(input)).toEqual({ ok: false, message: ESCALATE_MINUTES_FORMAT });
    },
  );

  it('names the range in its message', () => {
    expect(ESCALATE_MINUTES_FORMAT).toBe('Enter a whole number of minutes from 1 to 60');
  });
});
