// What the local stack's seed uses (package export "./admin"): the same functions as the CLI.
export { openDatabase, type Database } from '../db/database.js';
export { createScratchDatabase, onServer } from '../db/scratch-database.js';
export { AdminError, runAdminCommand, USAGE } from './commands.js';
export { storeImage } from './images.js';
export { storeDirectory } from '../modules/upload/directory.js';
export { saveArticle, saveCategory } from '../modules/article/queries.js';
export { saveBanner } from '../modules/banner/queries.js';
export { saveActivity } from '../modules/primary-sale/queries.js';
export { saveProject } from '../modules/launchpad/queries.js';
export { articleInput, categoryInput } from '../modules/article/input.js';
export { bannerInput } from '../modules/banner/input.js';
export { activityInput } from '../modules/primary-sale/input.js';
export { projectInput } from '../modules/launchpad/input.js';
export {
  addCollection,
  CollectionAdminError,
  saveCollectionProfile,
  syncProfiles,
} from './collections.js';
export { collectionAddInput, collectionSaveInput } from '../modules/collection/input.js';
export {
  defaultLinkCollection,
  ensureCollectionProfile,
  syncCollectionProfiles,
} from '../modules/collection/profiles.js';
// The chain indexer, for `npm run bench` (tools/bench/indexer.ts).
export { Indexer, loadIndexerConfig, registerCollection } from '../indexer/index.js';
export { fetchPendingMetadata } from '../metadata/index.js';
// Payment-coin rates (the CLI's `config rate`), for the seed's demo USDT rate.
export { setCoinRate } from '../indexer/sources/coins/rates.js';
export { currentCoinRates } from '../db/coin-rates.js';
