import { sanitizeSvg } from '../../packages/server/src/modules/upload/svg.ts';
import { computeCid } from '../../packages/server/src/modules/upload/store.ts';
import { DEMO_COLLECTIONS, tokenArt, tokenMetadata } from './demo-collections.ts';
for (const c of DEMO_COLLECTIONS) {
  const t = performance.now();
  let n = 0, size = 0;
  for (let id = c.firstId; id < c.firstId + Math.min(c.supply, 20); id++) { const b = tokenArt(c, id); size += b.length; sanitizeSvg(b); n++; }
  const t2 = performance.now();
  for (let id = c.firstId; id < c.firstId + Math.min(c.supply, 20); id++) { await computeCid(tokenArt(c, id)); }
  console.log(c.link, c.motif, 'sanitize ms/img', ((t2 - t) / n).toFixed(1), 'cid ms/img', ((performance.now() - t2) / n).toFixed(1), 'avg bytes', Math.round(size / n));
}
