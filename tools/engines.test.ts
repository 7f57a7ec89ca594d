// The README promises Node 20.19+ (package.json engines). A dependency that requires a newer
// Node makes `npm install` warn EBADENGINE on that Node, and may not run there: every package
// the lock file installs must accept the oldest Node we support.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './stack/paths.js';

const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}

const readJson = <T>(file: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as T;

describe('Node engines', () => {
  const oldest = semver.minVersion(
    readJson<{ engines: { node: string } }>('package.json').engines.node,
  )!.version;

  it('the oldest supported Node is the README one', () => {
    expect(oldest).toBe('20.19.0');
    expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain(
      'Node.js 20.19 or newer',
    );
  });

  it('every installed package accepts it', () => {
    const { packages } = readJson<{ packages: Record<string, LockEntry> }>('package-lock.json');
    const refusing = Object.entries(packages)
      .filter(([, p]) => !Array.isArray(p.engines) && p.engines?.node)
      .filter(([, p]) => !semver.satisfies(oldest, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name}@${p.version} (node ${(p.engines as { node: string }).node})`);
    expect(Object.keys(packages).length).toBeGreaterThan(100);
    expect(refusing).toEqual([]);
  });
});
