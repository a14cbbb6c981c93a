/**
 * Measures the attacker's best rate of PIN guesses against one login ID (SECURITY.md), on the real app and an
 * embedded database:
 *
 *  A. wall clock: a real HTTP server, `WORKERS` concurrent clients hammering wrong PINs at one login ID from
 *     their own addresses (each retries at once on every answer) for `REAL_SECONDS` seconds;
 *  B. simulated clock (24 hours, so the 15-minute locks show): at each step a burst of `BURST` concurrent wrong
 *     PINs, then the clock jumps to the smallest Retry-After the server answered (the best-informed attacker).
 *
 * A guess counts as checked when it is answered 401 (Incorrect PIN); 429s checked nothing.
 * Run: npx tsx scripts/measure-login-rate.ts
 */
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { createRestaurant } from '../src/server/modules/restaurants/restaurants.service';
import { createPasswordUser, createPinServer } from '../src/server/modules/users/users.service';

const REAL_SECONDS = Number(process.env.REAL_SECONDS ?? 70);
const WORKERS = Number(process.env.WORKERS ?? 50);
const BURST = Number(process.env.BURST ?? 50);
const SIM_HOURS = Number(process.env.SIM_HOURS ?? 24);

async function setup(clock: () => number) {
  const database = await openDatabase({ kind: 'pglite-memory' });
  await database.migrate();
  const built = await buildApp({ database, publicUrl: 'http://localhost:3000', clock });
  const owner = await createPasswordUser(database.db, {
    role: 'admin',
    name: 'Owner',
    email: `owner-${Date.now()}@example.test`,
    password: 'Secret-pass1!',
    verified: true,
  });
  const restaurant = await createRestaurant(database.db, owner.id, 'Target');
  await createPinServer(database.db, {
    restaurantId: restaurant.id,
    name: 'Victim',
    loginId: 'victim',
    pin: '9137',
  });
  return { ...built, database };
}

// buildApp hands `clock` to the sign-in throttle: phase A runs it on the wall clock, phase B on `simulated`.
let simulated: number | null = null;
const clock = () => simulated ?? Date.now();

async function wallClock() {
  const { app, database } = await setup(clock);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const checkedAt: number[] = [];
  let refused = 0;
  const start = Date.now();
  const end = start + REAL_SECONDS * 1000;
  let guess = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (Date.now() < end) {
        const pin = String(1000 + (guess++ % 9000));
        if (pin === '9137') continue;
        const res = await fetch(`${base}/api/auth/pin-login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ loginId: 'victim', pin }),
        });
        await res.arrayBuffer();
        if (res.status === 401) checkedAt.push((Date.now() - start) / 1000);
        else if (res.status === 429) refused++;
        else throw new Error(`unexpected ${res.status}`);
      }
    }),
  );
  await app.close();
  await database.close();
  console.log(
    `A. wall clock, ${WORKERS} concurrent clients for ${REAL_SECONDS} s: ${refused + checkedAt.length} requests, ` +
      `${checkedAt.length} PINs checked (at ${checkedAt.map((s) => s.toFixed(1)).join(', ')} s), ${refused} refused 429`,
  );
}

async function simulatedDay() {
  simulated = Date.now();
  const { app, database } = await setup(clock);
  const start = simulated;
  const end = start + SIM_HOURS * 3_600_000;
  let checked = 0;
  let refused = 0;
  let bursts = 0;
  let guess = 0;
  const checkedAt: number[] = [];
  while (simulated < end) {
    bursts++;
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/pin-login',
          payload: { loginId: 'victim', pin: String(1000 + (guess++ % 8000)) },
          remoteAddress: `198.18.${Math.floor(i / 250)}.${i % 250}`,
        }),
      ),
    );
    let wait = Infinity;
    for (const res of answers) {
      if (res.statusCode === 401) {
        checked++;
        checkedAt.push(simulated - start);
      } else if (res.statusCode === 429) {
        refused++;
        wait = Math.min(wait, Number(res.headers['retry-after']));
      } else throw new Error(`unexpected ${res.statusCode}: ${res.body}`);
    }
    simulated += Number.isFinite(wait) ? wait * 1000 : 1000;
  }
  await app.close();
  await database.close();
  const firstHour = checkedAt.filter((t) => t < 3_600_000).length;
  console.log(
    `B. simulated ${SIM_HOURS} h, bursts of ${BURST} concurrent guesses (${bursts} bursts, ${checked + refused} requests): ` +
      `${checked} PINs checked (${firstHour} in the first hour), ${refused} refused 429 ` +
      `=> ${(checked / SIM_HOURS).toFixed(1)} checked guesses per hour; ` +
      `first ten at ${checkedAt
        .slice(0, 11)
        .map((t) => Math.round(t / 1000))
        .join(', ')} s`,
  );
}

await wallClock();
await simulatedDay();
