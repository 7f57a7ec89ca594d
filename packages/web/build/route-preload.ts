import type { OutputBundle, OutputChunk } from 'rolldown';
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import type { EARLY_REQUESTS } from '../src/early-requests';
import { EARLY_RESPONSES_GLOBAL, earlyKey } from '../src/lib/early-responses';

/** Landing pages (exact paths) and the module of their lazy page component. */
const LANDING_PAGES: Record<string, string> = {
  '/': 'src/features/home/HomePage.tsx',
  '/marketplace': 'src/features/marketplace/MarketplacePage.tsx',
  '/rankings': 'src/features/rankings/RankingsPage.tsx',
  '/launchpad': 'src/features/launchpad/LaunchpadListPage.tsx',
};

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
 * that, for the path being opened, preloads the page's chunks the entry does not already bring
 * and starts the page's first public reads (src/early-requests.ts), in parallel with the entry.
 */
export function routePreload(): Plugin {
  return {
    name: 'aiamarket-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = chunksOf(bundle);
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return html;
        const preloaded = withImports(bundle, entry);
        const byPath: Record<string, string[]> = {};
        for (const [pathname, pageModule] of Object.entries(LANDING_PAGES)) {
          const page = chunks.find((c) => c.facadeModuleId?.endsWith(pageModule));
          if (!page) throw new Error(`route-preload: no chunk for ${pageModule}`);
          byPath[pathname] = [...withImports(bundle, page)]
            .filter((f) => !preloaded.has(f))
            .map((f) => `/${f}`);
        }
        // The request bodies come from the app's own code (shared rules), run here by Vite.
        const { module } = await runnerImport<{ EARLY_REQUESTS: typeof EARLY_REQUESTS }>(
          path.resolve(import.meta.dirname, '../src/early-requests.ts'),
        );
        const early: Record<string, Record<string, string>> = {};
        for (const [pathname, requests] of Object.entries(module.EARLY_REQUESTS)) {
          early[pathname] = Object.fromEntries(
            requests.map((r) => [earlyKey(r.path, r.body), r.body]),
          );
        }
        const script =
          `(function(p,q){var at=location.pathname;(p[at]||[]).forEach(function(h){` +
          `var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';` +
          `l.href=h;document.head.appendChild(l)});if(location.search||!q[at])return;` +
          `var e=window.${EARLY_RESPONSES_GLOBAL}={};Object.keys(q[at]).forEach(function(k){` +
          `e[k]=fetch(k.slice(0,k.indexOf(' ')),{method:'POST',credentials:'same-origin',` +
          `headers:{Accept:'application/json','Content-Type':'application/json'},body:q[at][k]});` +
          `e[k].catch(function(){})})})(${JSON.stringify(byPath)},${JSON.stringify(early)})`;
        return {
          html,
          tags: [{ tag: 'script', children: script, injectTo: 'head-prepend' }],
        };
      },
    },
  };
}
