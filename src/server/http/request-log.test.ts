/** The log a person reads: routine requests (health probes, the client's files) stay out of `info`. */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, request, type TestApp } from '../../../tests/support/test-app';
import { createLogger, isRoutineRequest } from './request-log';

describe('isRoutineRequest', () => {
  it('health probes and the client files and pages are routine while they succeed', () => {
    expect(isRoutineRequest('GET', '/api/health/live')).toBe(true);
    expect(isRoutineRequest('GET', '/api/health/ready', 200)).toBe(true);
    expect(isRoutineRequest('GET', '/assets/app-1234.js', 200)).toBe(true);
    expect(isRoutineRequest('HEAD', '/icons/icon-192.png', 304)).toBe(true);
    expect(isRoutineRequest('GET', '/table/demo-bistro/abc?x=1', 200)).toBe(true);
  });
  it('the API, writes and failures are not', () => {
    expect(isRoutineRequest('GET', '/api/session')).toBe(false);
    expect(isRoutineRequest('GET', '/api')).toBe(false);
    expect(isRoutineRequest('POST', '/login')).toBe(false);
    expect(isRoutineRequest('GET', '/api/health/ready', 503)).toBe(false);
    expect(isRoutineRequest('GET', '/assets/missing.js', 404)).toBe(false);
  });
});

/** A logger writing JSON lines into an array. */
async function capture(level: string, tty = false) {
  const lines: string[] = [];
  const destination = new PassThrough();
  destination.on('data', (d: Buffer) => lines.push(...d.toString().split('\n').filter(Boolean)));
  const logger = await createLogger(level, { tty, destination });
  return { logger, lines };
}

describe('request logging', () => {
  let info: TestApp;
  let infoLines: string[];
  let debug: TestApp;
  let debugLines: string[];
  beforeAll(async () => {
    const i = await capture('info');
    infoLines = i.lines;
    info = await createTestApp({ loggerInstance: i.logger });
    const d = await capture('debug');
    debugLines = d.lines;
    debug = await createTestApp({ loggerInstance: d.logger });
    for (const t of [info, debug]) {
      await request(t, 'GET', '/api/health/live');
      await request(t, 'GET', '/api/health/ready');
      await request(t, 'GET', '/api/session?token=secret');
    }
  });
  afterAll(async () => {
    await info?.close();
    await debug?.close();
  });

  const urls = (lines: string[]) =>
    lines
      .map((l) => JSON.parse(l) as { req?: { url: string } })
      .flatMap((l) => (l.req ? [l.req.url] : []));

  it('at info, health probes are not logged and API requests are (path only)', () => {
    expect(urls(infoLines)).toEqual(['/api/session']);
    expect(infoLines.filter((l) => l.includes('request completed'))).toHaveLength(1);
  });

  it('at debug, health probes are logged too', () => {
    expect(urls(debugLines)).toEqual(['/api/health/live', '/api/health/ready', '/api/session']);
  });
});

describe('createLogger', () => {
  it('writes readable lines, not JSON, in a terminal', async () => {
    const { logger, lines } = await capture('info', true);
    logger.info({ port: 3000 }, 'hello there');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: hello there \{"port":3000\}$/);
  });
  it('writes one JSON object per line elsewhere', async () => {
    const { logger, lines } = await capture('info', false);
    logger.info({ port: 3000 }, 'hello there');
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, msg: 'hello there', port: 3000 });
  });
});
