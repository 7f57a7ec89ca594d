import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * `node_modules/.bin/<name>` in `from` or the nearest folder above it that has one (a workspace
 * package's own, else the hoisted root's), or undefined when none has it.
 */
export function findNodeBin(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', '.bin', name);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}
