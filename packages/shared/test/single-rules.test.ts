import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADDRESS_PATTERN, isAddressText, SALE_STATE } from '../src/index.js';

// Rules that server, web, contracts and tools share live once in this package: a copy drifts
// from its original. This scans the other packages' sources for the known copies.
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const SOURCES = [
  'packages/server/src',
  'packages/web/src',
  'packages/contracts/ts',
  'packages/shared/src',
  'tools/stack',
];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'generated')
        out.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      out.push(full);
    }
  }
  return out;
}

const COPIES: { what: string; pattern: RegExp; home: string }[] = [
  // The address regex, written out (the one in constants.ts is its home).
  {
    what: 'address regex',
    pattern: /0x\[0-9a-fA-F\]\{40\}/,
    home: 'packages/shared/src/constants.ts',
  },
  {
    what: 'Page<T> type',
    pattern: /(interface|type)\s+Page<T>/,
    home: 'packages/shared/src/errors.ts',
  },
  {
    what: 'SALE_STATE object',
    pattern: /SALE_STATE\s*=\s*\{/,
    home: 'packages/shared/src/constants.ts',
  },
];

describe('shared rules exist once', () => {
  it('has no copy of the address rule, Page<T> or SALE_STATE outside packages/shared', () => {
    const found: string[] = [];
    for (const dir of SOURCES) {
      for (const file of sourceFiles(path.join(ROOT, dir))) {
        const rel = path.relative(ROOT, file);
        const text = fs.readFileSync(file, 'utf8');
        for (const c of COPIES) {
          if (rel !== c.home && c.pattern.test(text)) found.push(`${c.what}: ${rel}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('reads an address in any letter case and nothing else', () => {
    expect(isAddressText('0x5FbDB2315678afecb367f032d93F642f64180aa3')).toBe(true);
    expect(isAddressText('0x5fbdb2315678afecb367f032d93f642f64180aa')).toBe(false);
    expect(isAddressText('0x5fbdb2315678afecb367f032d93f642f64180aa30')).toBe(false);
    expect(isAddressText('5fbdb2315678afecb367f032d93f642f64180aa3')).toBe(false);
    expect(isAddressText(42)).toBe(false);
    expect(ADDRESS_PATTERN.test('0xg000000000000000000000000000000000000000')).toBe(false);
  });

  it("numbers the sale states as the launchpad contracts' SaleState enum does", () => {
    // The enum's members in declaration order are its numbers: 0, 1, 2...
    const source = fs.readFileSync(
      path.join(ROOT, 'packages/contracts/src/LaunchpadBase.sol'),
      'utf8',
    );
    const members = /enum SaleState \{([^}]*)\}/.exec(source)![1]!.match(/\w+/g)!;
    const lowerFirst = (name: string) => name[0]!.toLowerCase() + name.slice(1);
    expect(SALE_STATE).toEqual(Object.fromEntries(members.map((m, i) => [lowerFirst(m), i])));
    expect(Object.keys(SALE_STATE)).toHaveLength(6);
  });
});
