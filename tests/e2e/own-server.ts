/**
 * A server of a spec's own, to stop and start without touching the shared e2e server (guest-resilience,
 * floor-board): the compiled `dist/server/main.js` on E2E_PORT + 10, with its own DATA_DIR seeded as the shared one
 * is (the demo and the e2e accounts) and its own log under .tmp/.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from './support';

const OWN_PORT = Number(process.env.E2E_PORT ?? 4173) + 10;
export const OWN_ORIGIN = `http://127.0.0.1:${OWN_PORT}`;

/** `name` keeps each spec's data and log apart ('resilience', 'board'). */
export function ownServer(name: string) {
  const dataDir = path.resolve(`.tmp/e2e-${name}-data-${OWN_PORT}`);
  const logPath = path.resolve(`.tmp/e2e-${name}-server-${OWN_PORT}.log`);
  const env = () => ({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(OWN_PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: OWN_ORIGIN,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SIGN_IN_ADDRESS_LIMIT: '1000',
  });
  return {
    /** A fresh database with the demo, as the shared e2e server gets. */
    seed(): void {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/e2e-seed.ts'], {
        stdio: 'inherit',
        env: env(),
      });
      expect(seeded.status, 'seeding the own server’s database').toBe(0);
    },
    /** Starts the compiled server and waits until it answers. */
    async start(): Promise<ChildProcess> {
      const log = fs.openSync(logPath, 'a');
      const child = spawn(process.execPath, ['dist/server/main.js'], {
        stdio: ['ignore', log, log],
        env: env(),
      });
      await expect
        .poll(
          async () => {
            if (child.exitCode !== null) throw new Error(`the own server exited (${logPath})`);
            try {
              return (await fetch(`${OWN_ORIGIN}/api/session`)).status;
            } catch {
              return 0;
            }
          },
          { timeout: 120_000, message: 'the own server answers' },
        )
        .toBe(200);
      return child;
    },
    async stop(child: ChildProcess | null): Promise<void> {
      if (!child || child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
