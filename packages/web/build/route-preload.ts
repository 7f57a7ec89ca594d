import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** Landing pages (exact paths) and the module of their lazy page component. */
const LANDING_PAGES: Record<string, string> = {
  '/': 'src/features/home/HomePage.tsx',
  '/marketplace': 'src/features/marketplace/MarketplacePage.tsx',
  '/rankings': 'src/features/rankings/RankingsPage.tsx',
  '/launchpad': 'src/features/launchpad/LaunchpadListPage.tsx',
};

/** The entry that starts a landing page's first public read (src/early.ts). */
const EARLY_ENTRY = 'src/early.ts';

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
}

/** A chunk's file and every chunk it imports statically, transitively. */
function withImports(bundle: OutputBundle, root: OutputChunk): Set<string> {
  const seen = new Set<string>();
  const queue = [root.fileName];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') queue.push(...chunk.imports);
  }
  return seen;
}

/**
 * A landing page's own chunk is found only once the entry script has run, one round trip after
 * the rest, and its first API call waits for that chunk. This puts in index.html a tiny script
 * that preloads, for the path being opened, the page's chunks the entry does not already bring,
 * and the async early entry that starts the page's first read: both in parallel with the entry.
 */
export function routePreload(): Plugin {
  return {
    name: 'aiamarket-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = chunksOf(bundle);
        const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
        const early = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith(EARLY_ENTRY));
        if (!entry || !early)
          throw new Error('route-preload: the main or the early entry is missing');
        const preloaded = withImports(bundle, entry);
        const byPath: Record<string, string[]> = {};
        for (const [pathname, module] of Object.entries(LANDING_PAGES)) {
          const page = chunks.find((c) => c.facadeModuleId?.endsWith(module));
          if (!page) throw new Error(`route-preload: no chunk for ${module}`);
          byPath[pathname] = [...withImports(bundle, page)]
            .filter((f) => !preloaded.has(f))
            .map((f) => `/${f}`);
        }
        const script =
          `(function(p){(p[location.pathname]||[]).forEach(function(h){` +
          `var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';` +
          `l.href=h;document.head.appendChild(l)})})(${JSON.stringify(byPath)})`;
        return {
          html,
          tags: [
            { tag: 'script', children: script, injectTo: 'head-prepend' },
            {
              tag: 'script',
              attrs: { type: 'module', async: true, crossorigin: true, src: `/${early.fileName}` },
              injectTo: 'head-prepend',
            },
          ],
        };
      },
    },
  };
}
