/**
 * Named prepared statements on the embedded database (docs/decisions/053). PGlite's `query()` sends every statement
 * as an unnamed one: PostgreSQL parses and plans it on every call, which for the joined reads on the hot path is most
 * of its cost (the request with its table and people: 1.3 ms a call in PGlite, 0.14 ms as a named statement, on this
 * machine). A statement registered here is parsed once per database under a name of its own; each call then only
 * binds its values and executes (the wire protocol's Bind / Execute / Sync, through PGlite's `execProtocolStream`), and
 * PostgreSQL keeps its plan. PostgreSQL itself gets the same from node-postgres's named statements (client.ts).
 *
 * Only statements registered by text are affected: `queryPreparedText` and the Drizzle statements built once per
 * database (prepared.ts). Each call holds PGlite's two locks in the order `query()` takes them, so it never runs
 * inside another caller's open transaction. A PostgreSQL process imports this module too (client.ts, prepared.ts)
 * but never enables it: only PGlite's types are imported here, so PGlite itself is still not loaded there.
 *
 * It leans on PGlite internals (`execProtocolStream`, the order of its two locks), so package.json pins PGlite to one
 * exact version: upgrade it on purpose and run pglite-statements.test.ts and the benchmarks' press latency again.
 */
import type { PGlite, Results } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';

type Parser = (value: string, typeId: number) => unknown;
/** The options Drizzle passes to `query`: the row shape, and parsers by type id over PGlite's own. */
type QueryOptions = NonNullable<Parameters<PGlite['query']>[2]>;

interface Statement {
  name: string;
  /** The parameters' type ids and the result's columns, from describing the statement once. */
  paramTypes: number[];
  fields: { name: string; dataTypeID: number }[];
}

interface BackendMessage {
  name: string;
  dataTypeIDs?: number[];
  fields?: ({ name: string; dataTypeID: number } | string | null)[];
  text?: string;
}

class NamedStatements {
  /** SQL text → its statement, once prepared; texts registered but not yet prepared map to null. */
  private readonly statements = new Map<string, Statement | null>();
  private next = 0;
  private readonly plainQuery: PGlite['query'];

  constructor(private readonly client: PGlite) {
    this.plainQuery = client.query.bind(client);
    // Drizzle's prepared statements reach the database through the client's `query`: a registered text takes the
    // named path, everything else PGlite's own.
    client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
      this.statements.has(text)
        ? this.query(text, params ?? [], options)
        : this.plainQuery(text, params, options)) as PGlite['query'];
  }

  register(text: string): void {
    if (!this.statements.has(text)) this.statements.set(text, null);
  }

  async query<T>(text: string, params: unknown[], options: QueryOptions = {}): Promise<Results<T>> {
    this.register(text);
    const client = this.client;
    // As query(): a closed database says "PGlite is closed" (which http/errors.ts answers with 503).
    await client._checkReady();
    try {
      return await this.locked<T>(text, params, options);
    } catch (err) {
      // As PGlite's own errors: the statement's text beside its SQLSTATE, for the log (http/log-safe.ts logs the text
      // and the code, never values; the values are not attached here at all).
      if (err instanceof Error && 'severity' in err) Object.assign(err, { query: text });
      throw err;
    }
  }

  private locked<T>(text: string, params: unknown[], options: QueryOptions): Promise<Results<T>> {
    const client = this.client;
    return client._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        let statement = await this.prepare(text);
        let messages: BackendMessage[];
        try {
          messages = await this.run(statement, params);
        } catch (err) {
          // The statement is gone or its plan no longer fits the tables (a schema change): once more from scratch.
          if (!isStale(err)) throw err;
          await this.forget(text, statement.name);
          statement = await this.prepare(text);
          messages = await this.run(statement, params);
        }
        await client.syncToFs();
        return this.results<T>(statement, messages, options);
      }),
    );
  }

  private async prepare(text: string): Promise<Statement> {
    const known = this.statements.get(text);
    if (known) return known;
    const name = `ts_named_${++this.next}`;
    const messages: BackendMessage[] = [];
    try {
      await this.exec(serialize.parse({ name, text, types: [] }));
      messages.push(...(await this.exec(serialize.describe({ type: 'S', name }))));
    } finally {
      await this.exec(serialize.sync());
    }
    const params = messages.find((m) => m.name === 'parameterDescription');
    const rows = messages.find((m) => m.name === 'rowDescription');
    const statement: Statement = {
      name,
      paramTypes: params?.dataTypeIDs ?? [],
      fields: ((rows?.fields ?? []) as { name: string; dataTypeID: number }[]).map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
      })),
    };
    this.statements.set(text, statement);
    return statement;
  }

  /** Drops a statement whose plan went stale, so the next call parses the text afresh under a new name. */
  private async forget(text: string, name: string): Promise<void> {
    this.statements.set(text, null);
    try {
      await this.exec(serialize.close({ type: 'S', name }));
    } finally {
      await this.exec(serialize.sync());
    }
  }

  private async run(statement: Statement, params: unknown[]): Promise<BackendMessage[]> {
    // Values as PGlite's own query() serializes them: by the parameter's type, else as text.
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.client.serializers[statement.paramTypes[i]!];
      // PGlite's query() falls back to toString() the same way.
      return serializer ? serializer(value) : (value as { toString(): string }).toString();
    });
    const messages: BackendMessage[] = [];
    try {
      messages.push(...(await this.exec(serialize.bind({ statement: statement.name, values }))));
      messages.push(...(await this.exec(serialize.execute({}))));
    } finally {
      await this.exec(serialize.sync());
    }
    return messages;
  }

  private exec(message: Uint8Array): Promise<BackendMessage[]> {
    // As PGlite's query(): no file-system sync per message, one at the end of the call.
    const messages: Promise<BackendMessage[]> = this.client.execProtocolStream(message, {
      syncToFs: false,
    });
    return messages;
  }

  private results<T>(
    statement: Statement,
    messages: BackendMessage[],
    options: QueryOptions,
  ): Results<T> {
    // Each column's parser looked up once per call: the caller's for its type, else PGlite's (not a merged copy of
    // PGlite's whole table, which costs more than the row itself).
    const fields = statement.fields;
    const parsers = fields.map(
      (f) =>
        (options.parsers?.[f.dataTypeID] ?? this.client.parsers[f.dataTypeID]) as
          Parser | undefined,
    );
    const parse = (value: string | null, i: number) => {
      if (value === null) return null;
      const parser = parsers[i];
      return parser ? parser(value, fields[i]!.dataTypeID) : value;
    };
    const rows: unknown[] = [];
    let affectedRows = 0;
    for (const m of messages) {
      if (m.name === 'dataRow') {
        const values = (m.fields ?? []) as (string | null)[];
        rows.push(
          options.rowMode === 'array'
            ? values.map(parse)
            : Object.fromEntries(values.map((v, i) => [fields[i]!.name, parse(v, i)])),
        );
      } else if (m.name === 'commandComplete' && m.text) {
        const [command, ...rest] = m.text.split(' ');
        if (['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(command!))
          affectedRows += Number(rest[rest.length - 1]) || 0;
      }
    }
    return { rows: rows as T[], fields, affectedRows };
  }
}

/** SQLSTATE 26000 (no such prepared statement) or 0A000 "cached plan must not change result type". */
function isStale(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === '26000' ||
    (e?.code === '0A000' && String(e.message).includes('cached plan must not change'))
  );
}

const registries = new WeakMap<object, NamedStatements>();

/** Called once when the embedded database opens (client.ts). */
export function enableNamedStatements(client: PGlite): void {
  if (!registries.has(client)) registries.set(client, new NamedStatements(client));
}

/** Runs `text` as a named statement of `client`; undefined when `client` has named statements off. */
export function queryNamed<T>(
  client: object,
  text: string,
  params: unknown[],
): Promise<Results<T>> | undefined {
  return registries.get(client)?.query<T>(text, params);
}

/** From now on every `query` of exactly this text on `client` runs as a named statement (prepared.ts). */
export function registerNamedStatement(client: unknown, text: string): void {
  if (typeof client === 'object' && client !== null) registries.get(client)?.register(text);
}
