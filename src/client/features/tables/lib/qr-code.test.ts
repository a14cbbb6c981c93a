import { describe, expect, it } from 'vitest';
import { downloadLayout, qrFileName, QR_DOWNLOAD_PX } from './qr-code';

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

describe('downloadLayout (SPEC §9: a 1024 px PNG)', () => {
  it('is exactly 1024 px wide for every code size qrcode draws, with the code whole and unscaled on it', async () => {
    const QRCode = await import('qrcode');
    const { PNG } = await import('pngjs');
    const sizes = new Set<number>();
    // Guest URLs of every length up to well past the longest a table can have: every QR version up to 14.
    const versions = new Set<number>();
    for (let length = 20; length <= 400; length += 4) {
      const text = 'https://t.example/table/' + 'x'.repeat(length);
      const { version } = QRCode.create(text, { errorCorrectionLevel: 'H' });
      if (versions.has(version)) continue; // one drawing per QR version: the size depends on nothing else
      versions.add(version);
      const png = await QRCode.toBuffer(text, {
        errorCorrectionLevel: 'H',
        margin: 4,
        width: QR_DOWNLOAD_PX,
      });
      sizes.add(PNG.sync.read(png).width);
    }
    // The sizes qrcode really produces, including the one that is a pixel short.
    expect(sizes).toContain(1023);
    for (const size of sizes) {
      const layout = downloadLayout(size);
      expect(layout.width).toBe(QR_DOWNLOAD_PX);
      expect(layout.codeX).toBeGreaterThanOrEqual(0);
      expect(layout.codeX + size).toBeLessThanOrEqual(QR_DOWNLOAD_PX);
      expect(layout.height).toBe(size + layout.band);
      expect(layout.band).toBeGreaterThan(0);
    }
  });
});
