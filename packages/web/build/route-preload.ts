import type { OutputBundle, OutputChunk } from 'rolldown';
import fs from 'node:fs';
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import type { EARLY_REQUESTS } from '../src/early-requests';
import { EARLY_RESPONSES_GLOBAL, LANDING_DATA_ID, earlyKey } from '../src/lib/early-responses';

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

/** The entry script and the module preloads Vite writes into index.html's head. */
const ENTRY_TAG = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD_TAG = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The attribute of the loader script naming the app's entry and its preloads (read by tests). */
export const APP_SCRIPTS_ATTRIBUTE = 'data-app-scripts';

/**
 * Rewrites index.html's head for a fast first visit, with one small inline script:
 * - it starts the landing page's first public reads at once (src/early-requests.ts), so the
 *   page's first API call does not wait for the scripts;
 * - it fetches the app's scripts (the entry, its preloads and, for a landing page, the page's own
 *   chunks, which would otherwise be found one round trip after the entry) only after the first
 *   paint: the static shell and the stylesheet then paint without 200 KB of JavaScript sharing
 *   the connection, and the scripts start one frame later. A hidden tab, which paints no frame,
 *   loads them at once.
 */
/**
 * The file naming the landing pages' early reads for the server, which may answer them inside
 * the HTML (server/src/http/landing-data.ts) under the id the app reads.
 */
export const LANDING_REQUESTS_FILE = 'landing-requests.json';

export function routePreload(): Plugin {
  let landing: Record<string, Record<string, { url: string; body: string }>> = {};
  return {
    name: 'aiamarket-route-preload',
    apply: 'build',
    writeBundle(options) {
      if (!options.dir) return;
      fs.writeFileSync(
        path.join(options.dir, LANDING_REQUESTS_FILE),
        JSON.stringify({ id: LANDING_DATA_ID, paths: landing }),
      );
    },
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
        landing = {};
        for (const [pathname, requests] of Object.entries(module.EARLY_REQUESTS)) {
          early[pathname] = Object.fromEntries(
            requests.map((r) => [earlyKey(r.path, r.body), r.body]),
          );
          landing[pathname] = Object.fromEntries(
            requests.map((r) => [earlyKey(r.path, r.body), { url: r.path, body: r.body }]),
          );
        }
        const entryTag = ENTRY_TAG.exec(html);
        if (!entryTag) throw new Error('route-preload: no entry script in index.html');
        const scripts = [entryTag[1]!, ...[...html.matchAll(MODULE_PRELOAD_TAG)].map((m) => m[1]!)];
        const script =
          `(function(p,q,s){var at=location.pathname;` +
          // The early reads.
          `if(!location.search&&q[at]){var e=window.${EARLY_RESPONSES_GLOBAL}={};` +
          // Not those the server already answered in the page (a JSON block before this script).
          `var d=document.getElementById('${LANDING_DATA_ID}');try{d=d?JSON.parse(d.textContent):{}}catch(x){d={}}` +
          `Object.keys(q[at]).forEach(function(k){if(d[k])return;e[k]=fetch(k.slice(0,k.indexOf(' ')),` +
          `{method:'POST',credentials:'same-origin',headers:{Accept:'application/json',` +
          `'Content-Type':'application/json'},body:q[at][k]});e[k].catch(function(){})})}` +
          // The scripts, once: after the first frame, or now in a hidden tab.
          `var done=0;function go(){if(done)return;done=1;` +
          `s.slice(1).concat(p[at]||[]).forEach(function(h){var l=document.createElement('link');` +
          `l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});` +
          `var m=document.createElement('script');m.type='module';m.crossOrigin='';m.src=s[0];` +
          `document.head.appendChild(m)}` +
          `if(document.hidden)go();else{requestAnimationFrame(function(){setTimeout(go,0)});` +
          `document.addEventListener('visibilitychange',go)}` +
          `})(${JSON.stringify(byPath)},${JSON.stringify(early)},` +
          `document.currentScript.getAttribute('${APP_SCRIPTS_ATTRIBUTE}').split(' '))`;
        return {
          html: html.replace(ENTRY_TAG, '').replace(MODULE_PRELOAD_TAG, ''),
          tags: [
            {
              tag: 'script',
              attrs: { [APP_SCRIPTS_ATTRIBUTE]: scripts.join(' ') },
              children: script,
              injectTo: 'head-prepend',
            },
          ],
        };
      },
    },
  };
}
