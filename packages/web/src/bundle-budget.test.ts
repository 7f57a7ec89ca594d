// @vitest-environment node
// The JavaScript budget of a first visit: what a browser downloads to show home or
// /marketplace before any wallet connects must stay at or under 160 KB gzip. Reads the build in
// packages/web/dist (`npm test` builds before it tests): the entry script and its preloads named
// by index.html's loader, the page's lazy chunk, and every chunk those import statically.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { APP_SCRIPTS_ATTRIBUTE } from '../build/route-preload';

export const FIRST_VISIT_BUDGET_BYTES = 160 * 1024;

const DIST = process.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '..', 'dist');
const ASSETS = path.join(DIST, 'assets');

/** Relative static imports of an ES module chunk (`import{a}from"./x.js"`, `import"./y.js"`). */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  const pattern =
    /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.\/[^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) found.add(path.basename(match[1]!));
  return [...found];
}

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(fs.readFileSync(path.join(ASSETS, file), 'utf8')));
  }
  return seen;
}

/** The entry script and its preloads, which index.html's loader fetches after the first paint. */
function entryFiles(): string[] {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const scripts = new RegExp(`${APP_SCRIPTS_ATTRIBUTE}="([^"]+)"`).exec(html)?.[1];
  expect(scripts, 'the loader script names the entry').toBeTruthy();
  return scripts!.split(' ').map((file) => path.basename(file));
}

/** The lazy chunk of a page component, named after it by the bundler (HomePage-<hash>.js). */
function pageChunk(component: string): string {
  const matches = fs
    .readdirSync(ASSETS)
    .filter((f) => new RegExp(`^${component}-[\\w-]+\\.js$`).test(f));
  expect(matches, `one chunk for ${component}`).toHaveLength(1);
  return matches[0]!;
}

function gzipBytes(files: Iterable<string>): number {
  let total = 0;
  for (const file of files)
    total += gzipSync(fs.readFileSync(path.join(ASSETS, file)), { level: 9 }).length;
  return total;
}

/** A warning only React's development build carries. */
const REACT_DEVELOPMENT_MARKER = 'is deprecated in plain JavaScript React classes';

/** Markers only the wallet libraries carry (their version strings). */
const WALLET_MARKERS = ['@wagmi/core@', 'viem@'];

describe.skipIf(process.env.SKIP_BUNDLE_BUDGET === '1')('first-visit JavaScript budget', () => {
  it('has a build to measure', () => {
    expect(fs.existsSync(path.join(DIST, 'index.html')), 'run `npm run build` first').toBe(true);
  });

  it('finds static imports in minified chunks', () => {
    expect(
      staticImports('import{a as b}from"./react-1.js";import"./x-2.js";export{c}from"./y-3.js";'),
    ).toEqual(['react-1.js', 'x-2.js', 'y-3.js']);
    expect(staticImports('const p=import(`./Lazy-1.js`);const q=import("./Lazy-2.js")')).toEqual(
      [],
    );
  });

  it('is a production build (no React development build anywhere)', () => {
    for (const file of fs.readdirSync(ASSETS).filter((f) => f.endsWith('.js'))) {
      const code = fs.readFileSync(path.join(ASSETS, file), 'utf8');
      expect(code.includes(REACT_DEVELOPMENT_MARKER), `${file} is a development build`).toBe(false);
    }
  });

  it.each([
    ['/', 'HomePage'],
    ['/marketplace', 'MarketplacePage'],
  ])('%s downloads at most 160 KB gzip of JavaScript, without wallet code', (route, component) => {
    const files = closure([...entryFiles(), pageChunk(component)]);
    const bytes = gzipBytes(files);
    console.log(`${route}: ${files.size} scripts, ${(bytes / 1024).toFixed(1)} KB gzip`);
    for (const file of files) {
      const code = fs.readFileSync(path.join(ASSETS, file), 'utf8');
      for (const marker of WALLET_MARKERS)
        expect(code.includes(marker), `${file} has ${marker}`).toBe(false);
    }
    expect(bytes).toBeLessThanOrEqual(FIRST_VISIT_BUDGET_BYTES);
  });
});
