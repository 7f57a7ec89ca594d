import { UPLOAD } from './constants.js';
import { ERRORS, type ErrorDef } from './errors.js';

/** What an upload is for; each purpose has its own size limit and accepted types. */
export const UPLOAD_PURPOSES = [
  'default',
  'avatar',
  'banner',
  'collectionProfile',
  'collectionCover',
  'collectionBackground',
] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'svg';

export const IMAGE_CONTENT_TYPES: Record<ImageKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

export interface UploadRule {
  /** Limit in MB (1 MB = 1024 x 1024 bytes); the file may be exactly this size. */
  maxMb: number;
  kinds: readonly ImageKind[];
  /** The error shown for another type (its message names the accepted types). */
  typeError: ErrorDef;
}

const RASTER: readonly ImageKind[] = ['jpeg', 'png', 'gif'];
/** Spec section 5: collection images are JPG/PNG/SVG (UPLOAD.collectionImageTypes). */
const COLLECTION: readonly ImageKind[] = ['jpeg', 'png', 'svg'];

/**
 * The rule for each purpose. `defaultMaxMb` is configurable on the server (UPLOAD_MAX_MB); the
 * others come from the spec (avatar 1 MB, banner 5 MB, collection profile/cover/background
 * 1/3/10 MB).
 */
export function uploadRules(defaultMaxMb: number = UPLOAD.defaultMaxMb) {
  const raster = (maxMb: number): UploadRule => ({
    maxMb,
    kinds: RASTER,
    typeError: ERRORS.imageType,
  });
  const collection = (maxMb: number): UploadRule => ({
    maxMb,
    kinds: COLLECTION,
    typeError: ERRORS.collectionImageType,
  });
  return {
    default: raster(defaultMaxMb),
    avatar: raster(UPLOAD.avatarMaxMb),
    banner: raster(UPLOAD.bannerMaxMb),
    collectionProfile: collection(UPLOAD.collectionProfileMaxMb),
    collectionCover: collection(UPLOAD.collectionCoverMaxMb),
    collectionBackground: collection(UPLOAD.collectionBackgroundMaxMb),
  } satisfies Record<UploadPurpose, UploadRule>;
}

export const MB = 1024 * 1024;

/** The path under which uploads are served (`/ipfs/{cid}`), relative to the API origin. */
export const IPFS_PATH_PREFIX = '/ipfs/';

export function ipfsPath(cid: string): string {
  return `${IPFS_PATH_PREFIX}${cid}`;
}

/**
 * A URL a browser can load for an NFT image: `ipfs://{cid}[/path]` (what token metadata holds)
 * becomes `/ipfs/{cid}[/path]` on our own gateway; anything else is returned unchanged.
 */
export function displayImageUrl(url: string): string {
  return url.startsWith('ipfs://')
    ? `${IPFS_PATH_PREFIX}${url.slice(7).replace(/^ipfs\//, '')}`
    : url;
}
