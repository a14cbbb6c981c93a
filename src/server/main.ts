/** Starts the server: checks the environment, opens and migrates the database, seeds the demo, listens. */
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { openDatabase, type Database } from './db/client';
import { databaseOptionsFromEnv } from './db/options';
import { isDatabaseEmpty, seedDemo, type DemoSeed } from './demo';
import { loadEnv, type Env } from './env';
import { createLogger } from './http/request-log';
import { SmtpMailer } from './mail/mailer';
import { addressLines, reachableAddresses } from './start-up/addresses';
import {
  checkDataDir,
  checkPortFree,
  describeStartupFailure,
  unexpectedFailureLine,
} from './start-up/failures';

/** The database in a few words for the banner; a PostgreSQL URL without its credentials. */
function databaseLabel(env: Env): string {
  if (!env.DATABASE_URL) return `embedded PGlite in ${path.resolve(env.DATA_DIR)}`;
  const u = new URL(env.DATABASE_URL);
  return `PostgreSQL at ${u.hostname}:${u.port || '5432'}${u.pathname}`;
}

async function main(): Promise<void> {
  let env: Env | undefined;
  let database: Database | undefined;
  let stop: (() => Promise<void>) | undefined;
  try {
    env = loadEnv();
    // Before anything is opened or written: a port in use would otherwise surface only after the demo was seeded.
    await checkPortFree(env.HOST, env.PORT);
    if (!env.DATABASE_URL) checkDataDir(path.resolve(env.DATA_DIR));
    database = await openDatabase(databaseOptionsFromEnv(env));
    await database.migrate();

    const tty = process.stdout.isTTY;
    const logger = await createLogger(env.LOG_LEVEL);
    const { app } = await buildApp({
      database,
      publicUrl: env.PUBLIC_URL,
      serveClient: true,
      trustProxy: env.TRUST_PROXY,
      // SMTP when SMTP_URL is set; otherwise mails go to DATA_DIR/outbox and their file paths to the log.
      mailer: env.SMTP_URL ? new SmtpMailer(env.SMTP_URL, env.MAIL_FROM) : undefined,
      dataDir: path.resolve(env.DATA_DIR),
      mailFrom: env.MAIL_FROM,
      push: {
        publicKey: env.VAPID_PUBLIC_KEY,
        privateKey: env.VAPID_PRIVATE_KEY,
        subject: env.VAPID_SUBJECT,
      },
      loggerInstance: logger,
      metricsToken: env.METRICS_TOKEN,
      metricsPort: env.METRICS_PORT,
      maxRestaurantsPerAdmin: env.MAX_RESTAURANTS_PER_ADMIN,
      restaurantCaps: {
        tables: env.MAX_TABLES_PER_RESTAURANT,
        staff: env.MAX_STAFF_PER_RESTAURANT,
      },
      signInAddressLimit: { max: env.SIGN_IN_ADDRESS_LIMIT, timeWindow: '1 minute' },
      webhooks: {
        allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK && env.NODE_ENV !== 'production',
        maxFailuresInARow: env.WEBHOOK_MAX_FAILURES,
      },
      apiTokenLimit: { max: env.API_TOKEN_RATE_LIMIT, timeWindow: 60_000 },
    });
    const opened = database;
    stop = () => app.close().then(() => opened.close());

    const demo: DemoSeed | null =
      env.NODE_ENV !== 'production' && !env.NO_DEMO && (await isDatabaseEmpty(database.db))
        ? await seedDemo(database.db, env.PUBLIC_URL)
        : null;

    let closing = false;
    const shutdown = (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      // In-flight requests finish, sockets get a going-away close, then the database closes cleanly.
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      app
        .close()
        .then(() => opened.close())
        .then(() => process.exit(0))
        .catch((err: unknown) => {
          console.error(unexpectedFailureLine(err));
          process.exit(1);
        });
    };
    process.on('SIGTERM', () => shutdown('SIGTERM'));
    process.on('SIGINT', () => shutdown('SIGINT'));

    // Fastify logs one "Server listening" line per interface; the banner below says it once.
    const level = app.log.level;
    app.log.level = 'warn';
    try {
      await app.listen({ port: env.PORT, host: env.HOST });
    } finally {
      app.log.level = level;
    }

    // The one start-up banner: what runs, where, on which database (issue 16), and every address (issue 13).
    const port = (app.server.address() as { port: number }).port;
    const addresses = reachableAddresses(env.HOST, port, os.networkInterfaces());
    const publicUrlSet = Boolean(process.env.PUBLIC_URL);
    if (tty) {
      console.log(`\n  Table Service is running (${databaseLabel(env)}).\n`);
      for (const line of addressLines(addresses, env.PUBLIC_URL, publicUrlSet)) console.log(line);
      console.log('');
    } else {
      app.log.info(
        {
          publicUrl: env.PUBLIC_URL,
          listen: `${env.HOST}:${port}`,
          database: databaseLabel(env),
          addresses: [...addresses.local, ...addresses.network],
        },
        'Table Service is running',
      );
      if (!publicUrlSet)
        app.log.warn(addressLines(addresses, env.PUBLIC_URL, false).at(-1)!.trim());
    }
    if (demo) {
      for (const line of demo.lines) console.log(line);
      if (tty) await printDemoQr(demo, publicUrlSet ? env.PUBLIC_URL : addresses.network[0]);
      console.log('');
    }
  } catch (err) {
    const line = env
      ? describeStartupFailure(err, {
          dataDir: path.resolve(env.DATA_DIR),
          host: env.HOST,
          port: env.PORT,
          databaseUrl: env.DATABASE_URL,
        })
      : describeStartupFailure(err, { dataDir: 'DATA_DIR', host: '', port: 0 });
    console.error(line ?? unexpectedFailureLine(err));
    if (!line && (env?.LOG_LEVEL === 'debug' || env?.LOG_LEVEL === 'trace')) console.error(err);
    // The data directory's lock and the database are released before the process ends.
    await (stop ? stop() : database?.close())?.catch(() => undefined);
    process.exit(1);
  }
}

/** Table 1's guest page as a QR code in the terminal, so a phone on the same Wi-Fi can try the demo at once. */
async function printDemoQr(demo: DemoSeed, origin: string | undefined): Promise<void> {
  if (!origin) {
    console.log(
      '  (No network address found: no QR code for phones. Set PUBLIC_URL to print one.)',
    );
    return;
  }
  const { default: QRCode } = await import('qrcode');
  const url = demo.guestPageAt(origin);
  const forWho = process.env.PUBLIC_URL ? 'at PUBLIC_URL' : 'for phones on the same Wi-Fi';
  console.log(`\n  Table 1's guest page, ${forWho}: ${url}`);
  console.log(await QRCode.toString(url, { type: 'terminal', small: true }));
}

await main();
