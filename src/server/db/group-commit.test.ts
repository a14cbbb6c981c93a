/**
 * Group commit sheds work early (issue 25): a write still waiting when its deadline passes is refused and never
 * written, and with too many writes waiting one more is refused at once.
 */
import { describe, expect, it } from 'vitest';
import { GroupCommit, WriteShed } from './group-commit';

/** A write function that holds every statement until released, and records what it wrote. */
function heldWriter() {
  const written: string[][] = [];
  let release: () => void = () => undefined;
  let held = new Promise<void>((r) => (release = r));
  return {
    written,
    release: () => {
      release();
      held = new Promise<void>((r) => (release = r));
    },
    write: async (batch: readonly string[]) => {
      written.push([...batch]);
      await held;
      return batch.map((item) => `ok:${item}`);
    },
  };
}

describe('GroupCommit sheds work', () => {
  it('refuses a write whose deadline passed while it waited, and writes the others', async () => {
    const writer = heldWriter();
    const group = new GroupCommit({ concurrency: 1, maxBatch: 8 }, (s: string) => s, writer.write);
    const first = group.submit('a');
    const late = group.submit('b', Date.now() + 20);
    const patient = group.submit('c', Date.now() + 60_000);
    await new Promise((r) => setTimeout(r, 40));
    writer.release();
    await expect(first).resolves.toBe('ok:a');
    await expect(late).rejects.toEqual(new WriteShed('deadline'));
    await new Promise((r) => setTimeout(r, 0));
    writer.release();
    await expect(patient).resolves.toBe('ok:c');
    expect(writer.written).toEqual([['a'], ['c']]);
    expect(group.shed).toBe(1);
  });

  it('refuses one more write at once when too many are waiting', async () => {
    const writer = heldWriter();
    const group = new GroupCommit(
      { concurrency: 1, maxBatch: 8, maxWaiting: 2 },
      (s: string) => s,
      writer.write,
    );
    const running = group.submit('a');
    const waiting = [group.submit('b'), group.submit('c')];
    await expect(group.submit('d')).rejects.toMatchObject({ reason: 'overload' });
    writer.release();
    await running;
    await new Promise((r) => setTimeout(r, 0));
    writer.release();
    await expect(Promise.all(waiting)).resolves.toEqual(['ok:b', 'ok:c']);
    expect(writer.written.flat()).not.toContain('d');
  });
});

describe('GroupCommit keys', () => {
  /** 'x' runs alone while 'a', 'a', 'b' queue behind it; then every statement is let through in turn. */
  async function written(keyOf: ((s: string) => string) | null) {
    const writer = heldWriter();
    const group = new GroupCommit({ concurrency: 1, maxBatch: 8 }, keyOf, writer.write);
    const answers = Promise.all(['x', 'a', 'a', 'b'].map((item) => group.submit(item)));
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 0));
      writer.release();
    }
    await expect(answers).resolves.toEqual(['ok:x', 'ok:a', 'ok:a', 'ok:b']);
    return writer.written;
  }

  it('never puts two writes of one key in one statement', async () => {
    expect(await written((s) => s)).toEqual([['x'], ['a', 'b'], ['a']]);
  });

  it('without keys, any waiting writes share the next statement', async () => {
    expect(await written(null)).toEqual([['x'], ['a', 'a', 'b']]);
  });
});
