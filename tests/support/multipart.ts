/** multipart/form-data bodies built by hand, as a browser's FormData would send them (no extra dependency). */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { PUBLIC_URL, type TestApp } from './test-app';

export interface FormFile {
  field: string;
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}
export interface FormField {
  field: string;
  value: string;
}

export function multipartBody(parts: (FormFile | FormField)[]): {
  body: Buffer;
  contentType: string;
} {
  const boundary = '----TableServiceTest' + randomBytes(8).toString('hex');
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'value' in part
        ? `Content-Disposition: form-data; name="${part.field}"\r\n\r\n`
        : `Content-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType}\r\n\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}`));
    chunks.push('value' in part ? Buffer.from(part.value) : Buffer.from(part.bytes));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs a form as the signed-in user. */
export function postForm(
  t: TestApp,
  url: string,
  parts: (FormFile | FormField)[],
  cookie?: string,
): Promise<LightMyRequestResponse> {
  const { body, contentType } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': contentType, origin: PUBLIC_URL, ...(cookie ? { cookie } : {}) },
  });
}

/** A valid 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A valid 1×1 GIF. */
export const TINY_GIF = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);
