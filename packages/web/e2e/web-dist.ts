import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const WEB_DIST = path.resolve(import.meta.dirname, '..', 'dist');

/**
 * Serves this journey's stack from a private copy of the built web app (WEB_DIST_DIR, which the
 * stack passes to its server): another build of packages/web/dist while the journey runs would
 * otherwise replace the code chunks the open pages still load. Returns the copy's folder, to be
 * removed after the journey.
 */
export function usePrivateWebDist(): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'aiamarket-e2e-web-'));
  fs.cpSync(WEB_DIST, copy, { recursive: true });
  process.env.WEB_DIST_DIR = copy;
  return copy;
}
