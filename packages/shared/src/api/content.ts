// Answers of the off-chain content calls: home banners (collections/banner) and the help centre
// (articles/category/page, articles/page, articles/{id}), in the requested language.

/** A home banner; the target fields depend on `type` (BANNER_TYPE). */
export interface BannerVO {
  id: number;
  /** 0 article, 1 activity (/activityDetail), 2 collection, 3 item. */
  type: number;
  imageUrl: string;
  title: string;
  articleId: number | null;
  activityId: number | null;
  linkCollection: string | null;
  tokenId: string | null;
  contractAddr: string | null;
  sort: number;
}

/** An article in a list. */
export interface ArticleSummaryVO {
  id: number;
  categoryId: number;
  title: string;
  readCount: number;
  /** ISO 8601. */
  modifyDate: string;
}

/** A help-centre category with its articles. */
export interface ArticleCategoryVO {
  id: number;
  inName: string;
  articleList: ArticleSummaryVO[];
}

/** One article. */
export interface ArticleVO {
  id: number;
  categoryId: number;
  categoryName: string;
  title: string;
  /** The title. */
  inName: string;
  /** Sanitised HTML. */
  inContent: string;
  /** Including this read. */
  readCount: number;
  /** ISO 8601. */
  modifyDate: string;
  createDate: string;
}
