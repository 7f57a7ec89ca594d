// Event-loop time of a piece of work (the "no request holds the event loop 50 ms" rule).
import { performance } from 'node:perf_hooks';

export interface Slices<T> {
  result: T;
  /** Longest turn, counted as the smaller of its wall time and the process's CPU time. */
  longest: number;
  /** Longest turn in wall time alone. */
  longestWall: number;
}

/**
 * Runs `work` while a setImmediate chain measures the longest stretch the event loop was held:
 * each gap between two turns counts as the smaller of its wall time and the process's CPU
 * time, so time the machine spent on other processes (a loaded 2-core host) is not counted.
 */
export async function longestSlice<T>(work: () => Promise<T>): Promise<Slices<T>> {
  let longest = 0;
  let longestWall = 0;
  let running = true;
  let wall = performance.now();
  let cpu = process.cpuUsage();
  const gap = () => {
    const wallGap = performance.now() - wall;
    const used = process.cpuUsage(cpu);
    const held = Math.min(wallGap, (used.user + used.system) / 1000);
    longest = Math.max(longest, held);
    longestWall = Math.max(longestWall, wallGap);
    wall = performance.now();
    cpu = process.cpuUsage();
  };
  const tick = () => {
    gap();
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    const result = await work();
    // The stretch since the last turn counts too: work settled by promises alone may never let
    // a turn happen.
    gap();
    return { result, longest, longestWall };
  } finally {
    running = false;
  }
}
