/**
 * The embedded default (no SMTP_URL): each mail becomes an .eml file in DATA_DIR/outbox and its path is logged, so
 * a newcomer without a mail server can still verify an account (DESIGN.md "What runs"); the link itself, which
 * holds a live token, never reaches the log (issue 14).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PUBLIC_URL, request, type TestApp } from '../../../tests/support/test-app';
import { makeAdmin, PASSWORD } from '../../../tests/support/factories';
import { tokenOf, verificationLinkIn } from '../../../tests/support/smtp-peer';

let dataDir: string;
let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-outbox-test-'));
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({ dataDir, logger: { level: 'info', stream } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('outbox mailer (no SMTP_URL)', () => {
  it('writes the verification mail into DATA_DIR/outbox and logs its file, never its live link', async () => {
    const admin = await makeAdmin(t, { verified: false });
    const res = await request(t, 'POST', '/api/auth/resend-verification', {
      body: { email: admin.email },
    });
    expect(res.statusCode).toBe(202);
    await t.services.verification.whenIdle();

    const outbox = path.join(dataDir, 'outbox');
    const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(outbox, files[0]!), 'utf8');
    expect(raw).toMatch(new RegExp(`^To: ${admin.email}`, 'm'));
    const link = verificationLinkIn(raw);
    expect(link.startsWith(`${PUBLIC_URL}/verify-email?token=`)).toBe(true);
    expect(logLines.some((line) => line.includes(path.join(outbox, files[0]!)))).toBe(true);
    expect(logLines.some((line) => line.includes(tokenOf(link)))).toBe(false);

    expect(
      (await request(t, 'POST', '/api/auth/verify-email', { body: { token: tokenOf(link) } }))
        .statusCode,
    ).toBe(200);
    const signIn = await request(t, 'POST', '/api/auth/login', {
      body: { email: admin.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
  });
});
