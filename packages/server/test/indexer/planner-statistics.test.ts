import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDb } from '../../src/db/database.js';
import { statisticsDue } from '../../src/db/planner-statistics.js';
import { freshDatabase } from '../support/database.js';
import { newIndexer, scenarioSteps, startChain, type Chain } from './support.js';

describe('statisticsDue (planner statistics refreshed as the tables grow)', () => {
  it('waits for the minimum, then for as many events as before the last refresh', () => {
    expect(statisticsDue(9_999, 0, 10_000)).toBe(false);
    expect(statisticsDue(10_000, 0, 10_000)).toBe(true);
    // Refreshed at 10,000: due again at 20,000, then 40,000 (once per doubling).
    expect(statisticsDue(19_999, 10_000, 10_000)).toBe(false);
    expect(statisticsDue(20_000, 10_000, 10_000)).toBe(true);
    expect(statisticsDue(39_999, 20_000, 10_000)).toBe(false);
    expect(statisticsDue(40_000, 20_000, 10_000)).toBe(true);
  });
});

/** The planner's row estimate of a table (pg_class.reltuples) and its real count. */
async function rows(db: AppDb, table: string): Promise<{ estimated: number; counted: number }> {
  const r = await db.execute(
    sql`select (select reltuples::float8 from pg_class where oid = ${table}::regclass) as estimated,
      (select count(*)::float8 from ${sql.identifier(table)}) as counted`,
  );
  const row = (r as unknown as { rows: { estimated: number; counted: number }[] }).rows[0]!;
  return { estimated: Number(row.estimated), counted: Number(row.counted) };
}

describe('indexer: planner statistics after bulk writes', () => {
  let c: Chain;
  let due: Awaited<ReturnType<typeof freshDatabase>>;
  let notDue: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    c = await startChain();
    const steps = scenarioSteps(c);
    await steps.mint();
    await steps.list();
    due = await freshDatabase();
    notDue = await freshDatabase();
  }, 120_000);
  afterAll(async () => {
    await due?.drop();
    await notDue?.drop();
    await c?.stop();
  });

  it('analyses the chain tables once the events written reach INDEXER_ANALYZE_EVENTS', async () => {
    await newIndexer(notDue.database.db, c.publicClient, c.deployment, {
      analyzeEvents: 1_000_000,
    }).catchUp();
    await newIndexer(due.database.db, c.publicClient, c.deployment, { analyzeEvents: 1 }).catchUp();
    for (const table of ['holdings', 'nft_transfers', 'orders', 'activities']) {
      const fresh = await rows(due.database.db, table);
      expect(fresh.counted).toBeGreaterThan(0);
      // Analysed: small tables are sampled whole, so the estimate is the count.
      expect(fresh.estimated).toBe(fresh.counted);
      // Without the refresh the planner still sees the tables as the migrations left them.
      const stale = await rows(notDue.database.db, table);
      expect(stale.counted).toBe(fresh.counted);
      expect(stale.estimated).toBeLessThanOrEqual(0);
    }
  });
});
