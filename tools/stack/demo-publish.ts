// Publishes the demo collections' art and token metadata through the server's upload store (the
// admin functions the CLI uses), so every image and token URI is a real, content-addressed CID.
import type { Database } from '@aiamarket/server/admin';
import { storeDirectory, storeImage } from '@aiamarket/server/admin';
import {
  collectionArt,
  collectionUri,
  DEMO_COLLECTIONS,
  DEMO_LEVEL_UP,
  levelUpArt,
  levelUpMetadata,
  metadataFileName,
  tokenArt,
  tokenArtSeed,
  tokenIds,
  tokenMetadata,
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
    for (const id of tokenIds(c)) {
      const seed = tokenArtSeed(c, id);
      let url = images.get(seed);
      if (!url) {
        url = await storeImage(db, dataDir, tokenArt(c, id), 'seed');
        images.set(seed, url);
      }
      const image = `ipfs://${url.replace(/^\/ipfs\//, '')}`;
      entries.push({
        name: metadataFileName(c, id),
        bytes: Buffer.from(JSON.stringify(tokenMetadata(c, id, image))),
      });
    }
    const dir = await storeDirectory(db, dataDir, entries, 'application/json', 'seed');
    const art = collectionArt(c);
    let levelUp: PublishedCollection['levelUp'];
    if (c.deploymentName === DEMO_LEVEL_UP.deploymentName) {
      const { tokenId, level } = DEMO_LEVEL_UP;
      const url = await storeImage(db, dataDir, levelUpArt(c, tokenId, level), 'seed');
      const image = `ipfs://${url.replace(/^\/ipfs\//, '')}`;
      const name = metadataFileName(c, tokenId);
      const meta = levelUpMetadata(c, tokenId, level, image);
      const up = await storeDirectory(
        db,
        dataDir,
        [{ name, bytes: Buffer.from(JSON.stringify(meta)) }],
        'application/json',
        'seed',
      );
      levelUp = { tokenId, uri: `ipfs://${up.cid}/${name}` };
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
