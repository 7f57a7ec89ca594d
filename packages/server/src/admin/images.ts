import path from 'node:path';
import { IMAGE_CONTENT_TYPES, ipfsPath } from '@aiamarket/shared';
import type { AppDb } from '../db/database.js';
import { uploads } from '../db/schema.js';
import { detectImage } from '../modules/upload/detect.js';
import { sanitizeSvg } from '../modules/upload/svg-sanitize.js';
import { computeCid, DiskStore } from '../modules/upload/store.js';

/**
 * Stores an image the way POST /v1/api/ipfs/upload does (type from the bytes, SVG sanitised,
 * content-addressed under DATA_DIR/ipfs, an uploads row) and returns its URL `/ipfs/{cid}`.
 */
export async function storeImage(
  db: AppDb,
  dataDir: string,
  bytes: Buffer,
  uploadedBy = 'admin',
): Promise<string> {
  const detected = detectImage(bytes);
  if (!detected.kind) throw new Error(`not an image: ${detected.reason}`);
  let content = bytes;
  if (detected.kind === 'svg') {
    const clean = sanitizeSvg(bytes);
    if (!clean) throw new Error('the SVG could not be sanitised');
    content = clean;
  }
  const cid = await computeCid(content);
  await new DiskStore(path.join(dataDir, 'ipfs')).put(cid, content);
  await db
    .insert(uploads)
    .values({
      cid,
      contentType: IMAGE_CONTENT_TYPES[detected.kind],
      size: content.length,
      purpose: 'default',
      uploadedBy: uploadedBy.slice(0, 42),
    })
    .onConflictDoNothing();
  return ipfsPath(cid);
}
