/** Starts the server: checks the environment, opens and migrates the database, seeds the demo, listens. */
import path from 'node:path';
import { buildApp } from './app';
import { DatabaseInUseError, openDatabase } from './db/client';
import { databaseOptionsFromEnv } from './db/options';
import { isDatabaseEmpty, seedDemo } from './demo';
import { EnvError, loadEnv } from './env';
import { loggerOptions } from './http/log-safe';
import { SmtpMailer } from './mail/mailer';

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let database;
  try {
    database = await openDatabase(databaseOptionsFromEnv(env));
  } catch (err) {
    if (err instanceof DatabaseInUseError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  await database.migrate();

  const { app } = await buildApp({
    database,
    publicUrl: env.PUBLIC_URL,
    serveClient: true,
    trustProxy: env.TRUST_PROXY,
    // SMTP when SMTP_URL is set; otherwise mails go to DATA_DIR/outbox and their links to the log.
    mailer: env.SMTP_URL ? new SmtpMailer(env.SMTP_URL, env.MAIL_FROM) : undefined,
    dataDir: path.resolve(env.DATA_DIR),
    mailFrom: env.MAIL_FROM,
    push: {
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      subject: env.VAPID_SUBJECT,
    },
    logger: loggerOptions(env.LOG_LEVEL),
  });

  const demoLines =
    env.NODE_ENV !== 'production' && !env.NO_DEMO && (await isDatabaseEmpty(database.db))
      ? await seedDemo(database.db, env.PUBLIC_URL)
      : [];

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
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const backend =
    database.kind === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${env.DATA_DIR}`;
  console.log(`\nTable Service is running at ${env.PUBLIC_URL} (${backend}).`);
  for (const line of demoLines) console.log(line);
  if (demoLines.length) console.log('');
}

await main();
