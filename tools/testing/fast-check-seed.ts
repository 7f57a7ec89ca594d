// The seed of a test's fast-check properties (fast-check-setup.ts applies it to every test), so
// `npm test` cannot fail by chance:
//   - default: each test runs its properties with a fixed seed derived from the test's full name
//     (file > suite > test), the same on every machine and run;
//   - FC_SEED=random (`npm run test:deep -w @aiamarket/contracts`): a fresh seed per test;
//   - FC_SEED=<n> and optionally FC_PATH=<path>: replay a failure (select it with -t "<name>").
import { randomInt } from 'node:crypto';

/** FNV-1a of the name, as the signed 32-bit integer fast-check takes as a seed. */
export function seedOf(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** The seed (and replay path) a test's properties run with, from FC_SEED / FC_PATH. */
export function seedFor(
  name: string,
  env: Record<string, string | undefined> = process.env,
): { seed: number; path?: string } {
  const wanted = env.FC_SEED?.trim();
  if (!wanted) return { seed: seedOf(name) };
  if (wanted === 'random') return { seed: randomInt(-(2 ** 31), 2 ** 31) };
  if (!/^-?\d+$/.test(wanted) || Number(wanted) !== (Number(wanted) | 0)) {
    throw new Error(`FC_SEED must be "random" or a 32-bit integer, not "${wanted}"`);
  }
  return { seed: Number(wanted), ...(env.FC_PATH ? { path: env.FC_PATH } : {}) };
}
