// Publishes the demo collections' art and token metadata through the server's upload store (the
// admin functions the CLI uses), so every image and token URI is a real, content-addressed CID.
import type { Database } from '@aiamarket/server/admin';
import { storeDirectory, storeImage } from '@aiamarket/server/admin';
import {
  collectionArt,
  collectionUri,
  DEMO_COLLECTIONS,
  publishedLevelUp,
  publishedTokens,
} from './demo-collections.js';

export interface PublishedCollection {
  /** What the contract's base URI / uri is set to (ipfs://<directory>/ or .../{id}). */
  uri: string;
  headUrl: string;
  coverUrl: string;
  backgroundUrl: string;
  /** Stored files: images and metadata documents. */
  files: number;
  /** The item that levels up (DEMO_LEVEL_UP) and the URI of its level-up metadata. */
  levelUp?: { tokenId: number; uri: string };
}

/** Stores every collection's images and metadata directory; keyed by link. */
export async function publishCollections(
  db: Database['db'],
  dataDir: string,
): Promise<Map<string, PublishedCollection>> {
  const out = new Map<string, PublishedCollection>();
  for (const c of DEMO_COLLECTIONS) {
    const images = new Map<string, string>();
    const entries: { name: string; bytes: Buffer }[] = [];
    for (const token of publishedTokens(c)) {
      let url = images.get(token.seed);
      if (!url) {
        url = await storeImage(db, dataDir, token.art(), 'seed');
        images.set(token.seed, url);
      }
      const image = `ipfs://${url.replace(/^\/ipfs\//, '')}`;
      entries.push({
        name: token.name,
        bytes: Buffer.from(JSON.stringify(token.metadata(image))),
      });
    }
    const dir = await storeDirectory(db, dataDir, entries, 'application/json', 'seed');
    const art = collectionArt(c);
    let levelUp: PublishedCollection['levelUp'];
    const up = publishedLevelUp(c);
    if (up) {
      const url = await storeImage(db, dataDir, up.art(), 'seed');
      const image = `ipfs://${url.replace(/^\/ipfs\//, '')}`;
      const upDir = await storeDirectory(
        db,
        dataDir,
        [{ name: up.name, bytes: Buffer.from(JSON.stringify(up.metadata(image))) }],
        'application/json',
        'seed',
      );
      levelUp = { tokenId: up.tokenId, uri: `ipfs://${upDir.cid}/${up.name}` };
    }
    out.set(c.link, {
      uri: collectionUri(c, dir.cid),
      headUrl: await storeImage(db, dataDir, art.head, 'seed'),
      coverUrl: await storeImage(db, dataDir, art.cover, 'seed'),
      backgroundUrl: await storeImage(db, dataDir, art.background, 'seed'),
      files: images.size + entries.length + 4 + (levelUp ? 2 : 0),
      ...(levelUp ? { levelUp } : {}),
    });
  }
  return out;
}
