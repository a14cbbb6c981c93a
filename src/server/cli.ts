/**
 * `npm run cli -- <command>`: user and restaurant administration from the shell. A stable interface: each
 * command prints one result line on success (move-to-postgres prints its per-table check first), and on failure the
 * same message the UI shows, exiting non-zero.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AppError } from './http/errors';
import { DatabaseInUseError, openDatabase, type Database } from './db/client';
import { databaseOptionsFromEnv } from './db/options';
import { EnvError, loadEnv, type Env } from './env';
import { backupEmbedded, restoreEmbedded } from './db/backup';
import { DataCommandError } from './db/data-command';
import { moveToPostgres } from './db/move-to-postgres';
import { findUserByEmail } from './modules/users/users.repo';
import { createRestaurant } from './modules/restaurants/restaurants.service';
import { findRestaurant } from './modules/restaurants/restaurants.repo';
import { createTableRow } from './modules/tables/tables.service';
import { guestCodeOf, guestUrl } from './modules/tables/tables.mapper';
import { createPasswordUser, createPinServer } from './modules/users/users.service';
import { MSG } from '@shared/messages';

/** Each command's usage, shown in the full help and by `<command> --help`. */
export const COMMAND_HELP: Record<string, string> = {
  'create-user': `  create-user --role super_admin|admin --name N --email E --password P [--verified]
      Creates a password account; prints the user id. Without --verified the email must be verified first.`,
  'create-restaurant': `  create-restaurant --name N --owner EMAIL
      Creates a restaurant owned by the admin with that email; prints the restaurant id.`,
  'create-server': `  create-server --restaurant ID --name N --login-id L --pin P
      Creates a server (login ID + PIN) at the restaurant; prints the user id.`,
  'create-table': `  create-table --restaurant ID --number N
      Creates a table; prints the table id and its guest URL.`,
  backup: `  backup --to FILE
      Writes the embedded database (DATA_DIR) into one file (a gzip tarball of its data directory).`,
  restore: `  restore --from FILE [--force]
      Replaces the embedded database (DATA_DIR) with a backup; a database already there only with --force.`,
  'move-to-postgres': `  move-to-postgres --to postgres://USER@HOST/DB
      Copies every row of the embedded database (DATA_DIR) into an empty PostgreSQL database in one transaction
      (migrating it first), checks row counts and checksums per table, and prints them.`,
};

/** Commands on the embedded database itself: they open DATA_DIR whatever DATABASE_URL says. */
const DATA_COMMANDS = new Set(['backup', 'restore', 'move-to-postgres']);

export const HELP = `Usage: npm run cli -- <command> [options]

Commands:
${Object.values(COMMAND_HELP).join('\n')}

The database is the one the app uses: DATABASE_URL, or the embedded one in DATA_DIR (default ./data).
backup, restore and move-to-postgres always work on the embedded database in DATA_DIR.
The embedded database can be opened by one process at a time: stop the app before using the CLI on it.`;

class UsageError extends Error {}

type Values = Record<string, string | boolean | undefined>;

/**
 * An option that must be given. An empty value (`--name ""`) is passed on, so the same rule as the UI answers it
 * with SPEC's message ('Please enter a restaurant name', 'Please enter a table number' …).
 */
function required(values: Values, name: string): string {
  const v = values[name];
  if (typeof v !== 'string') throw new UsageError(`Missing --${name}`);
  return v;
}

async function run(
  command: string,
  values: Values,
  database: Database,
  publicUrl: string,
): Promise<string> {
  const { db } = database;
  switch (command) {
    case 'create-user': {
      const role = required(values, 'role');
      if (role !== 'admin' && role !== 'super_admin')
        throw new UsageError('--role must be super_admin or admin');
      const user = await createPasswordUser(db, {
        role,
        name: required(values, 'name'),
        email: required(values, 'email'),
        password: required(values, 'password'),
        verified: values.verified === true,
      });
      return user.id;
    }
    case 'create-restaurant': {
      const owner = await findUserByEmail(db, required(values, 'owner'));
      if (!owner || owner.role !== 'admin')
        throw new UsageError('--owner must be the email of an admin');
      return (await createRestaurant(db, owner.id, required(values, 'name'))).id;
    }
    case 'create-server': {
      const restaurantId = required(values, 'restaurant');
      if (!(await findRestaurant(db, restaurantId))) throw new UsageError(MSG.restaurantNotFound);
      const user = await createPinServer(db, {
        restaurantId,
        name: required(values, 'name'),
        loginId: required(values, 'login-id'),
        pin: required(values, 'pin'),
      });
      return user.id;
    }
    case 'create-table': {
      const restaurantId = required(values, 'restaurant');
      if (!(await findRestaurant(db, restaurantId))) throw new UsageError(MSG.restaurantNotFound);
      const table = await createTableRow(db, restaurantId, required(values, 'number'));
      return `${table.id} ${guestUrl(publicUrl, restaurantId, guestCodeOf(table))}`;
    }
    default:
      throw new UsageError(`Unknown command: ${command}\n\n${HELP}`);
  }
}

async function runDataCommand(command: string, values: Values, env: Env): Promise<number> {
  const dataDir = path.resolve(env.DATA_DIR);
  try {
    switch (command) {
      case 'backup':
        if (env.DATABASE_URL) throw new DataCommandError(BACKUP_NOT_POSTGRES);
        console.log(await backupEmbedded(dataDir, required(values, 'to')));
        break;
      case 'restore':
        if (env.DATABASE_URL) throw new DataCommandError(BACKUP_NOT_POSTGRES);
        console.log(
          await restoreEmbedded(dataDir, required(values, 'from'), {
            force: values.force === true,
          }),
        );
        break;
      case 'move-to-postgres':
        await moveToPostgres(dataDir, required(values, 'to'), (line) => console.log(line));
        break;
    }
    return 0;
  } catch (err) {
    // Each is one line the operator can act on: a usage slip, the app holding DATA_DIR, a refused target.
    if (err instanceof UsageError) {
      console.error(err.message);
      return 2;
    }
    if (err instanceof DataCommandError || err instanceof DatabaseInUseError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}

const BACKUP_NOT_POSTGRES =
  'backup and restore work on the embedded database, but DATABASE_URL is set: back PostgreSQL up with pg_dump.';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(HELP);
    return command ? 0 : 1;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    const help = COMMAND_HELP[command];
    if (!help) {
      console.error(`Unknown command: ${command}\n\n${HELP}`);
      return 2;
    }
    console.log(`Usage: npm run cli -- ${help.trim()}`);
    return 0;
  }
  let values: Values;
  try {
    values = parseArgs({
      args: rest,
      options: {
        role: { type: 'string' },
        name: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        verified: { type: 'boolean' },
        owner: { type: 'string' },
        restaurant: { type: 'string' },
        'login-id': { type: 'string' },
        pin: { type: 'string' },
        number: { type: 'string' },
        to: { type: 'string' },
        from: { type: 'string' },
        force: { type: 'boolean' },
      },
      strict: true,
    }).values;
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  if (DATA_COMMANDS.has(command)) return runDataCommand(command, values, env);
  let database: Database;
  try {
    // The CLI never opens the embedded data while the server holds it (the lock file says so).
    // An offline tool: the embedded database on this thread, as backup and move-to-postgres (decision 072).
    const options = databaseOptionsFromEnv(env);
    database = await openDatabase(
      options.kind === 'pglite' ? { ...options, thread: 'main' } : options,
    );
  } catch (err) {
    if (err instanceof DatabaseInUseError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  try {
    await database.migrate();
    console.log(await run(command, values, database, env.PUBLIC_URL));
    return 0;
  } catch (err) {
    if (err instanceof AppError || err instanceof UsageError) {
      console.error(err.message);
      return err instanceof UsageError ? 2 : 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
