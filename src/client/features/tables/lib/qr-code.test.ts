import { describe, expect, it } from 'vitest';
import { qrFileName } from './qr-code';

describe('qrFileName (SPEC §9)', () => {
  it('names the download table-{number}-qrcode.png', () => {
    expect(qrFileName('2')).toBe('table-2-qrcode.png');
    expect(qrFileName('A1')).toBe('table-A1-qrcode.png');
  });

  it('replaces characters a file system may refuse', () => {
    expect(qrFileName('1/2')).toBe('table-1-2-qrcode.png');
    expect(qrFileName('Patio: 3')).toBe('table-Patio-3-qrcode.png');
  });
});
