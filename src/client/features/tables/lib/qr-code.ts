/**
 * Table QR codes (SPEC §9): error correction level high, 200 px on screen, a 1024 px PNG download named
 * table-{number}-qrcode.png with the caption 'Table {number}'. The codes encode the table's guest URL exactly as
 * the server built it (table.qrCode, PUBLIC_URL + /table/{restaurantId}/{tableId}).
 *
 * `qrcode` is loaded on first use, so neither the guest page nor the admin screens' first paint pay for it.
 */
import type * as QRCodeModule from 'qrcode';

type QRCodeApi = typeof QRCodeModule;

export const QR_SCREEN_PX = 200;
export const QR_DOWNLOAD_PX = 1024;
/** The white band under the code that carries the caption, as a share of the code's width. */
const CAPTION_BAND = 0.15;

const QR_OPTIONS = {
  errorCorrectionLevel: 'H',
  // The standard quiet zone of 4 modules keeps the code decodable next to the caption and on any background.
  margin: 4,
  color: { dark: '#000000', light: '#ffffff' },
} as const;

let loading: Promise<QRCodeApi> | null = null;

function loadQrCode(): Promise<QRCodeApi> {
  // A CommonJS package: depending on the bundler its API is the namespace or its default export.
  loading ??= import('qrcode').then(
    (mod) => (mod as QRCodeApi & { default?: QRCodeApi }).default ?? mod,
  );
  return loading;
}

/** The code as an SVG data URL: sharp at any size and pixel density, on screen and on paper. */
export async function qrSvgDataUrl(text: string): Promise<string> {
  const QRCode = await loadQrCode();
  const svg = await QRCode.toString(text, { ...QR_OPTIONS, type: 'svg' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** SPEC §9 download name; characters a file system might refuse are replaced. */
export function qrFileName(tableNumber: string): string {
  return `table-${tableNumber.replace(/[^A-Za-z0-9._-]+/g, '-')}-qrcode.png`;
}

/**
 * Where the code and the caption go on the download. qrcode sizes its canvas as floor(modules × (width / modules)),
 * which floating point makes 1023 px for some versions (41 and 153 modules), and the code is never scaled (it would
 * blur its modules): it is centred on a canvas of exactly QR_DOWNLOAD_PX, its white quiet zone meeting the white
 * background.
 */
export function downloadLayout(codeSize: number) {
  const width = QR_DOWNLOAD_PX;
  const band = Math.round(width * CAPTION_BAND);
  return { width, height: codeSize + band, codeX: Math.floor((width - codeSize) / 2), band };
}

/**
 * A 1024 px wide PNG: the code drawn by QRCode.toCanvas at full width, then the canvas extended downwards with a
 * white band carrying the caption — the code itself is never scaled or covered, so it stays decodable.
 */
export async function qrPngWithCaption(text: string, caption: string): Promise<Blob> {
  const QRCode = await loadQrCode();
  const code = document.createElement('canvas');
  await QRCode.toCanvas(code, text, { ...QR_OPTIONS, width: QR_DOWNLOAD_PX });

  const { width, height, codeX, band } = downloadLayout(code.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('Canvas 2D is not available');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(code, codeX, 0);
  context.fillStyle = '#000000';
  context.font = `bold ${Math.round(width * 0.075)}px system-ui, -apple-system, 'Segoe UI', sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  // The code's bottom quiet zone already separates it from the caption: sit the text high in the band.
  context.fillText(caption, width / 2, code.height + band * 0.4, width * 0.9);

  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))),
      'image/png',
    );
  });
}

/** Saves a blob under a file name through a temporary link (works for blob: URLs in every browser). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
