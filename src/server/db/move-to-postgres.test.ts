/** The move's insert order (the copy itself is tested as the CLI runs it, in cli-data.test.ts). */
import { describe, expect, it } from 'vitest';
import { copyOrder, redactUrl, schemaTables } from './move-to-postgres';

describe('move-to-postgres copy order', () => {
  it('writes every schema table once, each foreign key pointing at rows already written or filled in later', () => {
    const tables = schemaTables();
    const steps = copyOrder(tables);
    expect(steps.map((s) => s.table.name).sort()).toEqual(tables.map((t) => t.name).sort());
    const written = new Set<string>();
    for (const { table, deferred } of steps) {
      for (const ref of table.references) {
        const late = ref.columns.every((c) => deferred.includes(c));
        expect(written.has(ref.table) || late, `${table.name} → ${ref.table}`).toBe(true);
        // A deferred column is written as null first, so it must allow null.
        if (late)
          for (const c of ref.columns)
            expect(table.columns.find((col) => col.name === c)?.notNull).toBe(false);
      }
      written.add(table.name);
    }
    // The one cycle today: users.restaurant_id ↔ restaurants.owner_id, broken on the nullable side.
    expect(steps.find((s) => s.table.name === 'users')?.deferred).toEqual(['restaurant_id']);
  });

  it('refuses a cycle of NOT NULL references (no order exists)', () => {
    const table = (name: string, other: string) => ({
      name,
      columns: [
        { name: 'id', notNull: true, bytea: false },
        { name: 'other_id', notNull: true, bytea: false },
      ],
      primaryKey: ['id'],
      references: [{ columns: ['other_id'], table: other }],
    });
    expect(() => copyOrder([table('a', 'b'), table('b', 'a')])).toThrow('No copy order: a, b');
  });

  it('never prints a password', () => {
    expect(redactUrl('postgres://tables:s3cret@db.internal:5432/ts')).toBe(
      'postgres://tables:***@db.internal:5432/ts',
    );
  });
});
