// Prints the change feed's database objects of a freshly migrated database (every change_feed_*
// function's definition and every change_feed trigger), to compare two versions of the
// migrations, and times (on stderr) migrate() on the up-to-date database, and within it the
// repeatable migrations' check, and their full run (as after a column change):
//   npx tsx test/support/feed-definitions.ts > a.txt          (PGlite; DATABASE_URL for PostgreSQL)
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/bulk.js';
import { openDatabase } from '../../src/db/database.js';
import { applyRepeatable, REPEATABLE_TABLE } from '../../src/db/migrate-repeatable.js';
import { createScratchDatabase } from '../../src/db/scratch-database.js';

const RUNS = Number(process.env.RUNS ?? 21);
const REPEATABLE = fileURLToPath(new URL('../../drizzle/repeatable', import.meta.url));

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

const adminUrl = process.env.DATABASE_URL;
const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'h_house_feed') : undefined;
const database = await openDatabase({ url: scratch?.url });
try {
  const first = await timed(() => database.migrate());
  // Interleaved, so that the machine's load weighs on the three alike.
  const whole: number[] = [];
  const check: number[] = [];
  const full: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    whole.push(await timed(() => database.migrate()));
    check.push(await timed(() => applyRepeatable(database.db, REPEATABLE)));
    await database.db.execute(sql.raw(`delete from ${REPEATABLE_TABLE}`));
    full.push(await timed(() => applyRepeatable(database.db, REPEATABLE)));
  }
  const functions = rowsOf<{ name: string; def: string }>(
    await database.db.execute(sql`
      select p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as def
      from pg_proc p where p.proname like 'change\_feed%' order by 1`),
  );
  const triggers = rowsOf<{ name: string; def: string }>(
    await database.db.execute(sql`
      select t.tgrelid::regclass::text || '.' || t.tgname as name, pg_get_triggerdef(t.oid) as def
      from pg_trigger t where t.tgname like 'change\_feed%' order by 1`),
  );
  for (const f of functions) console.log(`-- function ${f.name}\n${f.def}`);
  for (const t of triggers) console.log(`-- trigger ${t.name}\n${t.def}`);
  console.error(
    `${database.kind}: ${functions.length} functions, ${triggers.length} triggers; ` +
      `first migrate ${first.toFixed(0)} ms; over ${RUNS} runs: up-to-date migrate() ` +
      `${summary(whole)}; repeatable check alone ${summary(check)}; ` +
      `repeatable full run ${summary(full)}`,
  );
} finally {
  await database.close();
  await scratch?.drop();
}
