// Event-loop time of a piece of work (the "no request holds the event loop 50 ms" rule), and
// the time PGlite, which runs in this thread, spends inside its engine.
import { performance } from 'node:perf_hooks';
import type { Database } from '../../src/db/database.js';

export interface Slices<T> {
  result: T;
  /** Longest turn, counted as the smaller of its wall time and the process's CPU time. */
  longest: number;
  /** Longest turn in wall time alone. */
  longestWall: number;
  /** Longest turn less the time spent inside the embedded database during it. */
  longestOwn: number;
}

/**
 * Runs `work` while a setImmediate chain measures the longest stretch the event loop was held:
 * each gap between two turns counts as the smaller of its wall time and the process's CPU
 * time, so time the machine spent on other processes (a loaded 2-core host) is not counted.
 * `engineMs` (see engineTime) is subtracted for `longestOwn`.
 */
export async function longestSlice<T>(
  work: () => Promise<T>,
  engineMs: () => number = () => 0,
): Promise<Slices<T>> {
  let longest = 0;
  let longestWall = 0;
  let longestOwn = 0;
  let running = true;
  let wall = performance.now();
  let cpu = process.cpuUsage();
  let engine = engineMs();
  const gap = () => {
    const wallGap = performance.now() - wall;
    const used = process.cpuUsage(cpu);
    const held = Math.min(wallGap, (used.user + used.system) / 1000);
    longest = Math.max(longest, held);
    longestWall = Math.max(longestWall, wallGap);
    longestOwn = Math.max(longestOwn, held - (engineMs() - engine));
    wall = performance.now();
    cpu = process.cpuUsage();
    engine = engineMs();
  };
  const tick = () => {
    gap();
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    const result = await work();
    // The stretch since the last turn counts too: work settled by promises alone (PGlite)
    // may never let a turn happen.
    gap();
    return { result, longest, longestWall, longestOwn };
  } finally {
    running = false;
  }
}

interface EngineClient {
  execProtocolRawSync(message: Uint8Array): Uint8Array;
}

/**
 * A clock of the milliseconds PGlite has spent running statements (every statement goes
 * through its synchronous execProtocolRawSync); always 0 on PostgreSQL, whose work is in
 * another process.
 */
export function engineTime(database: Database): () => number {
  if (database.kind !== 'pglite') return () => 0;
  const client = (database.db as unknown as { $client: EngineClient }).$client;
  const run = client.execProtocolRawSync.bind(client);
  let total = 0;
  client.execProtocolRawSync = (message) => {
    const started = performance.now();
    try {
      return run(message);
    } finally {
      total += performance.now() - started;
    }
  };
  return () => total;
}
