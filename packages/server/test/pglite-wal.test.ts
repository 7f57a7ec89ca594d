// A statement that crosses into a new 16 MB WAL segment of the embedded database must not stall
// every statement behind it by writing the segment full of zeros first (0.3-0.5 s of engine
// time, every 16 MB of writes, before wal_init_zero was turned off). The engine is opened here as
// the database worker opens it, in this thread, so that its calls can be timed.
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteEngine } from '../src/db/pglite-engine.js';

interface EngineClient {
  execProtocolRawSync(message: Uint8Array): Uint8Array;
}

let engine: PGlite;
beforeAll(async () => {
  if (!process.env.DATABASE_URL) engine = await openPgliteEngine(undefined);
});
afterAll(async () => {
  await engine?.close();
});

describe.skipIf(process.env.DATABASE_URL)('PGlite WAL segments', () => {
  it('a statement crossing into a new segment costs what its own writes cost', async () => {
    await engine.exec('create table wal_fill (id int primary key, pad text)');
    const lsn = async () =>
      Number(
        (
          await engine.query<{ at: string }>(
            `select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint::text as at`,
          )
        ).rows[0]!.at,
      );
    const segment = 16 * 1024 * 1024;
    const start = await lsn();
    // The longest single engine call (CPU time: the machine's other work is not counted).
    const client = engine as unknown as EngineClient;
    const run = client.execProtocolRawSync.bind(client);
    let longest = 0;
    client.execProtocolRawSync = (message) => {
      const before = process.cpuUsage();
      try {
        return run(message);
      } finally {
        const used = process.cpuUsage(before);
        longest = Math.max(longest, (used.user + used.system) / 1000);
      }
    };
    // About 0.5 MB of WAL a statement until the next segment has begun.
    let id = 0;
    while (Math.floor((await lsn()) / segment) === Math.floor(start / segment)) {
      await engine.query(
        `insert into wal_fill select g, repeat(md5(g::text), 8) from generate_series($1::int, $2::int) g`,
        [id + 1, id + 1_500],
      );
      id += 1_500;
    }
    client.execProtocolRawSync = run;
    expect(Math.floor((await lsn()) / segment)).toBe(Math.floor(start / segment) + 1);
    expect(longest).toBeLessThan(150);
  }, 120_000);
});
