// `npm start`, `npm test` and `npm run bench` run on a fresh clone, where the typed ABIs do not
// exist until their build step writes them. An entry that imports them statically (through any
// chain of modules) dies with ERR_MODULE_NOT_FOUND before it can build: it must load them only
// after the build, with a dynamic import. This test follows the static import graph of each entry.
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { PACKAGES, ROOT } from './paths.js';

const GENERATED_DIR = path.join(PACKAGES.shared, 'src', 'generated');
const GENERATED = 'generated-at-build-time';

/** Keeps npm packages and the generated files out of the graph (they need not exist). */
const boundaries: Plugin = {
  name: 'boundaries',
  setup(b) {
    b.onResolve({ filter: /^@aiamarket\/shared\/abis$/ }, () => ({
      path: GENERATED,
      external: true,
    }));
    b.onResolve({ filter: /[/\\]generated[/\\]/ }, (args) =>
      path.resolve(args.resolveDir, args.path).startsWith(GENERATED_DIR)
        ? { path: GENERATED, external: true }
        : undefined,
    );
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@aiamarket/') ? undefined : { path: args.path, external: true },
    );
  },
};

async function importGraph(entry: string): Promise<Metafile> {
  const result = await build({
    entryPoints: [path.join(ROOT, entry)],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
    plugins: [boundaries],
  });
  return result.metafile;
}

/** The chain of static imports from the entry to the generated files, or null when none. */
function staticPathToGenerated(meta: Metafile, entry: string): string[] | null {
  const start = path.relative(process.cwd(), path.join(ROOT, entry)).split(path.sep).join('/');
  const previous = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const imp of meta.inputs[file]?.imports ?? []) {
      if (imp.kind === 'dynamic-import') continue;
      if (imp.path === GENERATED) {
        const chain = [GENERATED, file];
        for (let at = previous.get(file); at; at = previous.get(at) ?? null) chain.push(at);
        return chain.reverse();
      }
      if (!imp.external && !previous.has(imp.path)) {
        previous.set(imp.path, file);
        queue.push(imp.path);
      }
    }
  }
  return null;
}

describe('entries that build the typed ABIs before using them', () => {
  it.each(['tools/stack/cli.ts', 'tools/test-all.ts', 'tools/bench/run.ts'])(
    '%s reaches the generated ABIs only through a dynamic import',
    async (entry) => {
      const meta = await importGraph(entry);
      expect(Object.keys(meta.inputs).length).toBeGreaterThan(3);
      expect(staticPathToGenerated(meta, entry)).toBeNull();
    },
  );

  it('sees a static path when there is one (the stack module imports the ABIs)', async () => {
    const meta = await importGraph('tools/stack/stack.ts');
    expect(staticPathToGenerated(meta, 'tools/stack/stack.ts')?.at(-1)).toBe(GENERATED);
  });
});
