import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { CHAIN_IDS, COLLECTION_EDIT_MESSAGES, LOCALES } from '@aiamarket/shared';
import { freshDatabase } from '../../test/support/database.js';
import { makePng } from '../../test/support/images.js';
import type { Database } from '../db/database.js';
import {
  appConfig,
  articleCategories,
  articles,
  banners,
  launchpadProjects,
  primaryActivities,
  primaryActivityItems,
  uploads,
} from '../db/schema.js';
import { holdings } from '../db/schema-chain.js';
import { AdminError, runAdminCommand } from './commands.js';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let database: Database;
let dir: string;
let run: (...argv: string[]) => Promise<string>;

beforeAll(async () => {
  fresh = await freshDatabase();
  database = fresh.database;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aiamarket-admin-'));
  run = (...argv) => runAdminCommand({ db: database.db, dataDir: dir }, argv);
});

afterAll(async () => {
  await fresh?.drop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A category `category` and an article in it from the Markdown file `name` (a title and a
 * body), stored through the CLI; with the article's row as stored.
 */
async function markdownArticle(category: string, name: string) {
  const cat = JSON.parse(
    await run('category', 'save', JSON.stringify({ names: { en: category } })),
  );
  const file = path.join(dir, name);
  fs.writeFileSync(file, '# Title\n\nBody\n');
  const created = JSON.parse(await run('article', 'md', file, '--category', String(cat.id)));
  const before = await database.db.select().from(articles).where(eq(articles.id, created.id));
  return { cat, file, created, before };
}

/** A primary-sale drop as `activity save` reads it, with `items` and any field changed. */
const dropJson = (fields: { items: unknown[]; endTime?: string }) =>
  JSON.stringify({
    names: { en: 'Drop' },
    remarks: { en: 'Soon' },
    coverUrl: '/ipfs/bafy',
    startTime: '2030-01-01T00:00:00Z',
    endTime: '2030-01-02T00:00:00Z',
    ...fields,
  });

describe('admin commands', () => {
  it('creates and updates a category and an article from JSON files', async () => {
    const catFile = path.join(dir, 'cat.json');
    fs.writeFileSync(catFile, JSON.stringify({ names: { en: 'Guides', ja: 'ガイド' } }));
    const cat = JSON.parse(await run('category', 'save', catFile));
    expect(cat.names).toEqual({ en: 'Guides', ja: 'ガイド' });
    const art = JSON.parse(
      await run(
        'article',
        'save',
        JSON.stringify({
          categoryId: cat.id,
          titles: { en: 'Connect' },
          contents: { en: '<p>Hi</p><script>x()</script>', tr: '<b>Merhaba</b>' },
        }),
      ),
    );
    expect(art.contents).toEqual({ en: '<p>Hi</p>', tr: '<b>Merhaba</b>' });
    await run(
      'article',
      'save',
      JSON.stringify({
        id: art.id,
        categoryId: cat.id,
        titles: { en: 'Connect a wallet' },
        contents: { en: '<p>Hello</p>' },
      }),
    );
    const rows = await database.db.select().from(articles).where(eq(articles.id, art.id));
    expect(rows[0]?.titles).toEqual({ en: 'Connect a wallet' });
  });

  it('writes an article from Markdown, then adds a language to it', async () => {
    const cat = JSON.parse(await run('category', 'save', '{"names":{"en":"Md"}}'));
    const en = path.join(dir, 'a.md');
    fs.writeFileSync(
      en,
      '# Fees\n\nA **2.5 %** fee, see [terms](/privacy).\n\n- one\n- two\n\n<script>x()</script>\n',
    );
    const created = JSON.parse(await run('article', 'md', en, '--category', String(cat.id)));
    expect(created.titles).toEqual({ en: 'Fees' });
    expect(created.contents.en).toBe(
      '<p>A <strong>2.5 %</strong> fee, see <a href="/privacy" target="_blank" rel="noopener noreferrer">terms</a>.</p>' +
        '<ul><li>one</li><li>two</li></ul><p>&lt;script&gt;x()&lt;/script&gt;</p>',
    );
    const ja = path.join(dir, 'a.ja.md');
    fs.writeFileSync(ja, '# 手数料\n\n本文\n');
    const merged = JSON.parse(
      await run('article', 'md', ja, '--id', String(created.id), '--lang', 'ja'),
    );
    expect(merged.titles).toEqual({ en: 'Fees', ja: '手数料' });
    expect(merged.contents.ja).toBe('<p>本文</p>');
    await expect(
      run('article', 'md', ja, '--lang', 'ja', '--category', String(cat.id)),
    ).rejects.toThrow(/titles\.en/);
    await expect(run('article', 'md', en, '--bogus', '1')).rejects.toThrow(
      'unknown option --bogus',
    );
  });

  it('refuses an unknown --lang, naming the accepted languages, and writes nothing', async () => {
    const { cat, file: en, created, before } = await markdownArticle('Lang', 'lang.md');
    const total = (await database.db.select({ n: count() }).from(articles))[0]?.n;
    const refused = `unknown language 'xx' for --lang (accepted: ${LOCALES.join(', ')})`;
    await expect(
      run('article', 'md', en, '--id', String(created.id), '--lang', 'xx'),
    ).rejects.toThrow(refused);
    await expect(
      run('article', 'md', en, '--category', String(cat.id), '--lang', 'xx'),
    ).rejects.toThrow(refused);
    expect(await database.db.select().from(articles).where(eq(articles.id, created.id))).toEqual(
      before,
    );
    expect((await database.db.select({ n: count() }).from(articles))[0]?.n).toBe(total);
  });

  it('refuses a Markdown article with a title and no text, in any language', async () => {
    const { created, before } = await markdownArticle('Empty', 'full.md');
    const empty = path.join(dir, 'empty.md');
    fs.writeFileSync(empty, '# Başlık\n\n');
    for (const lang of ['tr', 'en']) {
      await expect(
        run('article', 'md', empty, '--id', String(created.id), '--lang', lang),
      ).rejects.toThrow(`${empty}: no text after the title`);
    }
    expect(await database.db.select().from(articles).where(eq(articles.id, created.id))).toEqual(
      before,
    );
  });

  it('saves a banner, an activity with items and a launchpad project', async () => {
    await run(
      'collection',
      'add',
      '{"address":"0x00000000000000000000000000000000000000c1","contractType":"ERC721","linkCollection":"c-1"}',
    );
    await run(
      'banner',
      'save',
      JSON.stringify({
        type: 2,
        imageUrl: '/ipfs/bafy',
        titles: { en: 'B' },
        linkCollection: 'c-1',
      }),
    );
    expect(await database.db.select().from(banners)).toHaveLength(1);
    const saved = JSON.parse(
      await run(
        'activity',
        'save',
        dropJson({
          endTime: '2030-01-02T00:00:00+08:00',
          items: [{ names: { en: 'Box' }, imageUrl: '/ipfs/bafy', num: 5, price: '1.5' }],
        }),
      ),
    );
    expect(saved.items).toBe(1);
    const items = await database.db.select().from(primaryActivityItems);
    expect(items[0]).toMatchObject({ num: 5, residueNum: 5, price: '1.5' });
    const project = JSON.parse(
      await run(
        'launchpad',
        'save',
        JSON.stringify({
          contractAddr: '0x00000000000000000000000000000000000000aA',
          contractType: 'ERC721',
          name: 'P',
          projectDesc: '<img src=x onerror=alert(1)>',
        }),
      ),
    );
    expect(project).toMatchObject({
      contractAddr: '0x00000000000000000000000000000000000000aa',
      tokenId: '0',
      projectDesc: '<img src="x">',
    });
  });

  it('refuses a banner whose target does not exist, and writes nothing', async () => {
    const before = await database.db.select().from(banners);
    const banner = (target: Record<string, unknown>) =>
      run(
        'banner',
        'save',
        JSON.stringify({ imageUrl: '/ipfs/bafy', titles: { en: 'B' }, ...target }),
      );
    await expect(banner({ type: 0, articleId: 424242 })).rejects.toThrow(
      'invalid input: articleId: no article 424242',
    );
    await expect(banner({ type: 1, activityId: 424242 })).rejects.toThrow(
      'invalid input: activityId: no primary activity 424242',
    );
    await expect(banner({ type: 2, linkCollection: 'no-such-page' })).rejects.toThrow(
      "invalid input: linkCollection: no collection page 'no-such-page'",
    );
    const contract = '0x00000000000000000000000000000000000000B3';
    await expect(banner({ type: 3, contractAddr: contract, tokenId: '7' })).rejects.toThrow(
      `invalid input: tokenId: no item 7 of ${contract.toLowerCase()}`,
    );
    // A target of another type would be cleared on save: refused rather than dropped.
    await expect(banner({ type: 2, linkCollection: 'c-1', articleId: 1 })).rejects.toThrow(
      'invalid input: articleId: not a target of a type 2 banner (it takes linkCollection)',
    );
    expect(await database.db.select().from(banners)).toEqual(before);

    // The same targets once they exist (a page in any letter case; an item the indexer knows).
    const cat = JSON.parse(await run('category', 'save', '{"names":{"en":"T"}}'));
    const art = JSON.parse(
      await run(
        'article',
        'save',
        JSON.stringify({ categoryId: cat.id, titles: { en: 't' }, contents: { en: 'c' } }),
      ),
    );
    await run('collection', 'add', JSON.stringify({ address: contract, contractType: 'ERC721' }));
    await database.db.insert(holdings).values({
      chainId: CHAIN_IDS.local,
      contractAddr: contract.toLowerCase(),
      tokenId: '7',
      ownerAddr: '0x00000000000000000000000000000000000000d1',
      amount: '1',
    });
    expect(JSON.parse(await banner({ type: 0, articleId: art.id }))).toMatchObject({
      articleId: art.id,
    });
    expect(JSON.parse(await banner({ type: 2, linkCollection: 'C-1' }))).toMatchObject({
      linkCollection: 'C-1',
    });
    expect(
      JSON.parse(await banner({ type: 3, contractAddr: contract, tokenId: '7' })),
    ).toMatchObject({ contractAddr: contract.toLowerCase(), tokenId: '7' });
  });

  it('refuses launchpad social links the collection edit rule refuses, and writes nothing', async () => {
    const project = (links: Record<string, string>) =>
      run(
        'launchpad',
        'save',
        JSON.stringify({
          contractAddr: '0x00000000000000000000000000000000000000a7',
          contractType: 'ERC721',
          name: 'Links',
          ...links,
        }),
      );
    const before = await database.db.select().from(launchpadProjects);
    for (const [field, value] of [
      ['linkTwitter', '/path'],
      ['linkDiscord', 'discord.gg/x'],
      ['linkMedium', 'javascript:alert(1)'],
      ['linkInstagram', 'https://user:pw@instagram.com/x'],
    ] as const) {
      await expect(project({ [field]: value })).rejects.toThrow(
        `invalid input: ${field}: ${COLLECTION_EDIT_MESSAGES.socialLinkInvalid.message}`,
      );
    }
    expect(await database.db.select().from(launchpadProjects)).toEqual(before);
    const saved = JSON.parse(await project({ linkTwitter: 'https://x.com/aia', linkMedium: '' }));
    expect(saved).toMatchObject({ linkTwitter: 'https://x.com/aia', linkMedium: null });
  });

  it('refuses a text in an unknown language rather than dropping it', async () => {
    const accepted = `(accepted: ${LOCALES.join(', ')})`;
    const cat = JSON.parse(await run('category', 'save', '{"names":{"en":"Languages"}}'));
    const before = {
      categories: await database.db.select({ n: count() }).from(articleCategories),
      articles: await database.db.select({ n: count() }).from(articles),
      activities: await database.db.select({ n: count() }).from(primaryActivities),
    };
    await expect(run('category', 'save', '{"names":{"en":"C","de":"K"}}')).rejects.toThrow(
      `invalid input: names.de: unknown language 'de' ${accepted}`,
    );
    await expect(
      run(
        'article',
        'save',
        JSON.stringify({ categoryId: cat.id, titles: { en: 't', fr: 'f' }, contents: { en: 'c' } }),
      ),
    ).rejects.toThrow(`invalid input: titles.fr: unknown language 'fr' ${accepted}`);
    await expect(
      run(
        'activity',
        'save',
        dropJson({
          items: [{ names: { en: 'Box', zh: '盒' }, imageUrl: '/ipfs/bafy', num: 1, price: '1' }],
        }),
      ),
    ).rejects.toThrow(`invalid input: items.0.names.zh: unknown language 'zh' ${accepted}`);
    expect({
      categories: await database.db.select({ n: count() }).from(articleCategories),
      articles: await database.db.select({ n: count() }).from(articles),
      activities: await database.db.select({ n: count() }).from(primaryActivities),
    }).toEqual(before);
  });

  it('refuses a token id on an ERC721 sale instead of saving it as 0', async () => {
    const before = await database.db.select().from(launchpadProjects);
    await expect(
      run(
        'launchpad',
        'save',
        JSON.stringify({
          contractAddr: '0x00000000000000000000000000000000000000a8',
          contractType: 'ERC721',
          tokenId: '5',
          name: 'P',
        }),
      ),
    ).rejects.toThrow('invalid input: tokenId: an ERC721 sale has no token id (omit it or give 0)');
    expect(await database.db.select().from(launchpadProjects)).toEqual(before);
  });

  it('refuses arguments a command does not take instead of ignoring them', async () => {
    const before = await database.db.select({ n: count() }).from(articleCategories);
    await expect(
      run('category', 'save', '{"names":{"en":"A"}}', '{"names":{"en":"B"}}'),
    ).rejects.toThrow(`unexpected argument '{"names":{"en":"B"}}'`);
    const md = path.join(dir, 'extra.md');
    fs.writeFileSync(md, '# T\n\nBody\n');
    await expect(run('article', 'md', md, 'other.md', '--category', '1')).rejects.toThrow(
      "unexpected argument 'other.md'",
    );
    await expect(run('image', 'add', md, 'b.png')).rejects.toThrow("unexpected argument 'b.png'");
    await expect(run('collection', 'sync', 'x')).rejects.toThrow("unexpected argument 'x'");
    expect(await database.db.select({ n: count() }).from(articleCategories)).toEqual(before);
  });

  it('sets a config value, validating transaction_fee', async () => {
    expect(await run('config', 'set', 'transaction_fee', '3')).toBe('transaction_fee = 3');
    const rows = await database.db
      .select()
      .from(appConfig)
      .where(eq(appConfig.name, 'transaction_fee'));
    expect(rows[0]?.value).toBe('3');
    await expect(run('config', 'set', 'transaction_fee', 'abc')).rejects.toThrow(AdminError);
    await expect(run('config', 'set', 'transaction_fee', '101')).rejects.toThrow(
      'invalid value for transaction_fee: "101" (a percent from 0 to 50, e.g. 2.5)',
    );
  });

  it('refuses an unknown config name, a fee the contract cannot charge and extra arguments', async () => {
    await run('config', 'set', 'transaction_fee', '2.5');
    const before = await database.db.select().from(appConfig);
    await expect(run('config', 'set', 'site_name', 'x')).rejects.toThrow(
      "unknown config name 'site_name' (known: transaction_fee)",
    );
    // The marketplace contract refuses a fee above MAX_FEE_PERCENT (50).
    for (const bad of ['50.5', '-1', '', ' 2', '2.', '1e1', '2.00001']) {
      await expect(run('config', 'set', 'transaction_fee', bad)).rejects.toThrow(
        `invalid value for transaction_fee: ${JSON.stringify(bad)}`,
      );
    }
    await expect(run('config', 'set', 'transaction_fee', '3', 'extra')).rejects.toThrow(
      "unexpected argument 'extra'",
    );
    expect(await database.db.select().from(appConfig)).toEqual(before);
    expect(await run('config', 'set', 'transaction_fee', '50')).toBe('transaction_fee = 50');
  });

  it('stores an image content-addressed and records it', async () => {
    const file = path.join(dir, 'a.png');
    fs.writeFileSync(file, makePng({ width: 8, height: 8 }));
    const url = await run('image', 'add', file);
    expect(url).toMatch(/^\/ipfs\/baf[a-z0-9]+$/);
    const cid = url.slice('/ipfs/'.length);
    expect(fs.existsSync(path.join(dir, 'ipfs', cid))).toBe(true);
    const rows = await database.db.select().from(uploads).where(eq(uploads.cid, cid));
    expect(rows[0]?.contentType).toBe('image/png');
  });

  it('refuses bad input with one clear message', async () => {
    await expect(
      run('banner', 'save', '{"type":1,"imageUrl":"/ipfs/x","titles":{"en":"t"}}'),
    ).rejects.toThrow('invalid input: activityId: required for type 1');
    await expect(
      run('article', 'save', '{"categoryId":424242,"titles":{"en":"t"},"contents":{"en":"c"}}'),
    ).rejects.toThrow('No article category 424242');
    await expect(run('category', 'save', '{"names":{}}')).rejects.toThrow(/names\.en/);
    await expect(run('nope')).rejects.toThrow(/unknown command/);
    await expect(run('category', 'save', path.join(dir, 'missing.json'))).rejects.toThrow(
      /cannot read/,
    );
  });
});

describe('admin CLI process', () => {
  // A child process compiles the server through tsx and opens its own database (initdb and every
  // migration on PGlite): tens of seconds when the machine is busy.
  it('prints one error line and exits with 1 on bad input', { timeout: 180_000 }, async () => {
    const dataDir = path.join(dir, 'cli');
    const env = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const cli = path.resolve(import.meta.dirname, 'cli.ts');
    const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');
    const exec = promisify(execFile);
    const err = await exec(tsx, [cli, 'banner', 'save', '{"type":9}'], { env }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect('code' in err && err.code).toBe(1);
    const stderr = (err as { stderr: string }).stderr.trim();
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^error: invalid input: /);
    const lang = await exec(tsx, [cli, 'article', 'md', 'a.md', '--id', '1', '--lang', 'xx'], {
      env,
    }).catch((e: { code: number; stderr: string }) => e);
    expect('code' in lang && lang.code).toBe(1);
    expect((lang as { stderr: string }).stderr).toBe(
      `error: unknown language 'xx' for --lang (accepted: ${LOCALES.join(', ')})\n`,
    );
  });
});
