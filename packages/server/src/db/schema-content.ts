// Off-chain content edited with the admin CLI (src/admin): help-centre categories and articles,
// home banners, primary-sale activities and their items, launchpad project pages.
// Texts shown to users are stored per locale as jsonb objects `{ en, zh-CN, zh-TW, ja, tr }`
// (English required, the others optional; answers fall back to English).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Text in each locale: `en` always, the others when translated. */
export type LocalizedText = Partial<Record<string, string>> & { en: string };

const localized = (name: string) => jsonb(name).$type<LocalizedText>().notNull();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A help-centre category; `sort` ascending, then id. */
export const articleCategories = pgTable('article_categories', {
  id: serial('id').primaryKey(),
  names: localized('names'),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A help-centre article; content is HTML, sanitised before it is stored. */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => articleCategories.id, { onDelete: 'cascade' }),
    titles: localized('titles'),
    contents: localized('contents'),
    readCount: integer('read_count').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('articles_category_idx').on(t.categoryId, t.sort, t.id)],
);

/** A home carousel banner. type: BANNER_TYPE (0 article, 1 activity, 2 collection, 3 item). */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    type: smallint('type').notNull(),
    imageUrl: varchar('image_url', { length: 512 }).notNull(),
    titles: localized('titles'),
    articleId: integer('article_id'),
    activityId: integer('activity_id'),
    linkCollection: varchar('link_collection', { length: 128 }),
    tokenId: varchar('token_id', { length: 78 }),
    contractAddr: varchar('contract_addr', { length: 42 }),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('banners_type_range', sql`${t.type} between 0 and 3`)],
);

/**
 * A primary-sale activity (sales event). Its status is computed at read time from startAt,
 * endAt and its items' residueNum (see modules/primary-sale).
 */
export const primaryActivities = pgTable(
  'primary_activities',
  {
    id: serial('id').primaryKey(),
    type: smallint('type').notNull().default(1),
    names: localized('names'),
    remarks: localized('remarks'),
    coverUrl: varchar('cover_url', { length: 512 }).notNull(),
    backgroundUrl: varchar('background_url', { length: 512 }),
    /** Decimal string, shown as is (with `coin`). */
    price: varchar('price', { length: 80 }),
    coin: varchar('coin', { length: 16 }),
    totalNum: integer('total_num'),
    buyUrl: varchar('buy_url', { length: 512 }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('primary_activities_list_idx').on(t.type, t.sort, t.id),
    check('primary_activities_period', sql`${t.endAt} > ${t.startAt}`),
  ],
);

/** An item sold in a primary activity; residueNum is what is left of num. */
export const primaryActivityItems = pgTable(
  'primary_activity_items',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => primaryActivities.id, { onDelete: 'cascade' }),
    blindBoxId: integer('blind_box_id'),
    names: localized('names'),
    tokenId: varchar('token_id', { length: 78 }),
    contractAddr: varchar('contract_addr', { length: 42 }),
    imageUrl: varchar('image_url', { length: 512 }).notNull(),
    num: integer('num').notNull(),
    residueNum: integer('residue_num').notNull(),
    price: varchar('price', { length: 80 }).notNull(),
    coin: varchar('coin', { length: 16 }),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('primary_activity_items_activity_idx').on(t.activityId, t.sort, t.id),
    check('primary_activity_items_residue', sql`${t.residueNum} between 0 and ${t.num}`),
  ],
);

/** Display data of a mint coin: the price and cap come from the chain. */
export interface LaunchpadCoinInfo {
  /** Lowercased coin address; the zero address is native AIA. */
  address: string;
  symbol: string;
  decimals: number;
  iconUrl: string | null;
}

/**
 * A launchpad project page, linked to a launchpad contract (and a token id for the 1155 one).
 * Only presentation is stored: supply, caps, times, prices, swap settings and state are read from
 * the contract.
 */
export const launchpadProjects = pgTable(
  'launchpad_projects',
  {
    id: serial('id').primaryKey(),
    /** Lowercased launchpad contract address. */
    contractAddr: varchar('contract_addr', { length: 42 }).notNull(),
    /** 'ERC721' or 'ERC1155'. */
    contractType: varchar('contract_type', { length: 8 }).notNull(),
    /** The sale key: '0' for a 721 launchpad, the token id for a 1155 launchpad. */
    tokenId: varchar('token_id', { length: 78 }).notNull().default('0'),
    name: varchar('name', { length: 128 }).notNull(),
    description: text('description').notNull().default(''),
    coverUrl: varchar('cover_url', { length: 512 }),
    boxUrl: varchar('box_url', { length: 512 }),
    headUrl: varchar('head_url', { length: 512 }),
    backgroundUrl: varchar('background_url', { length: 512 }),
    /** HTML, sanitised before it is stored. */
    projectDesc: text('project_desc').notNull().default(''),
    linkCollection: varchar('link_collection', { length: 128 }),
    linkSkypegmwcn: varchar('link_skypegmwcn', { length: 512 }),
    linkTwitter: varchar('link_twitter', { length: 512 }),
    linkDiscord: varchar('link_discord', { length: 512 }),
    linkInstagram: varchar('link_instagram', { length: 512 }),
    linkMedium: varchar('link_medium', { length: 512 }),
    coins: jsonb('coins').$type<LaunchpadCoinInfo[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('launchpad_projects_sale_idx').on(t.contractAddr, t.tokenId)],
);
