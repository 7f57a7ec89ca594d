import { BANNER_TYPE } from '@aiamarket/shared';
import { assetLink, collectionPath } from '../../components/nft/links';
import type { BannerVO } from './api';

export interface BannerTarget {
  to: string;
  state?: unknown;
}

/** Where a banner click goes by its type: 0 article, 1 activity, 2 collection, 3 item. */
export function bannerTarget(b: BannerVO): BannerTarget | null {
  switch (b.type) {
    case BANNER_TYPE.article:
      return b.articleId === null ? null : { to: `/article-details/${b.articleId}` };
    case BANNER_TYPE.activity:
      return b.activityId === null
        ? null
        : { to: `/activityDetail?id=${b.activityId}`, state: { id: b.activityId } };
    case BANNER_TYPE.collection:
      return b.linkCollection ? { to: collectionPath(b.linkCollection) } : null;
    case BANNER_TYPE.item:
      return b.tokenId && b.contractAddr ? assetLink(b.tokenId, b.contractAddr) : null;
    default:
      return null;
  }
}
