// The change feed's database objects (every change_feed_* function's definition and every
// change_feed trigger), as one text: a test compares it with the snapshot of what the migrations
// have always produced (test/live/feed-upgrade.test.ts). Run as a script, it prints them for a
// freshly migrated database, to compare two versions of the migrations, and times (on stderr)
// migrate() on the up-to-date database, and within it the repeatable migrations' check, and their
// full run (as after a column change):
//   npx tsx test/support/feed-definitions.ts > a.txt          (PGlite; DATABASE_URL for PostgreSQL)
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/bulk.js';
import { openDatabase, type AppDb } from '../../src/db/database.js';
import { applyRepeatable, REPEATABLE_TABLE } from '../../src/db/migrate-repeatable.js';
import { createScratchDatabase } from '../../src/db/scratch-database.js';

/** The feed's functions and triggers, each as a `-- function|trigger name` line and its definition. */
export async function feedDefinitions(db: AppDb): Promise<{ text: string; summary: string }> {
  const functions = rowsOf<{ name: string; def: string }>(
    await db.execute(sql`
      select p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as def
      from pg_proc p where p.proname like 'change\_feed%' order by 1`),
  );
  const triggers = rowsOf<{ name: string; def: string }>(
    await db.execute(sql`
      select t.tgrelid::regclass::text || '.' || t.tgname as name, pg_get_triggerdef(t.oid) as def
      from pg_trigger t where t.tgname like 'change\_feed%' order by 1`),
  );
  const text = [
    ...functions.map((f) => `-- function ${f.name}\n${f.def}\n`),
    ...triggers.map((t) => `-- trigger ${t.name}\n${t.def}\n`),
  ].join('');
  return { text, summary: `${functions.length} functions, ${triggers.length} triggers` };
}

const timed = async (run: () => Promise<unknown>) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.floor(q * (sorted.length - 1))]!.toFixed(1);
  return `min ${at(0)} / median ${at(0.5)} / max ${at(1)} ms`;
};

async function main() {
  const runs = Number(process.env.RUNS ?? 21);
  const repeatable = fileURLToPath(new URL('../../drizzle/repeatable', import.meta.url));
  const adminUrl = process.env.DATABASE_URL;
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'h_house_feed') : undefined;
  const database = await openDatabase({ url: scratch?.url });
  try {
    const first = await timed(() => database.migrate());
    // Interleaved, so that the machine's load weighs on the three alike.
    const whole: number[] = [];
    const check: number[] = [];
    const full: number[] = [];
    for (let i = 0; i < runs; i++) {
      whole.push(await timed(() => database.migrate()));
      check.push(await timed(() => applyRepeatable(database.db, repeatable)));
      await database.db.execute(sql.raw(`delete from ${REPEATABLE_TABLE}`));
      full.push(await timed(() => applyRepeatable(database.db, repeatable)));
    }
    const defs = await feedDefinitions(database.db);
    process.stdout.write(defs.text);
    console.error(
      `${database.kind}: ${defs.summary}; first migrate ${first.toFixed(0)} ms; over ${runs} ` +
        `runs: up-to-date migrate() ${summary(whole)}; repeatable check alone ` +
        `${summary(check)}; repeatable full run ${summary(full)}`,
    );
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
