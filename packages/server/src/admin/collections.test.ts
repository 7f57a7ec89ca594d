import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { createPublicClient, http, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_ACCOUNTS, deployContracts, startAnvil } from '@aiamarket/contracts';
import { chainFor, type Deployment } from '@aiamarket/shared';
import { freshDatabase } from '../../test/support/database.js';
import { collections } from '../db/schema-chain.js';
import { collectionProfiles } from '../db/schema-market.js';
import { registerCollection } from '../indexer/collections.js';
import { syncCollectionProfiles } from '../modules/collection/profiles.js';
import { addCollection, CollectionAdminError, saveCollectionProfile } from './collections.js';
import { AdminError, runAdminCommand } from './commands.js';

const CHAIN_ID = 31337;
let anvil: Awaited<ReturnType<typeof startAnvil>>;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let chain: PublicClient;
let deployment: Deployment;
let dir: string;
let run: (...argv: string[]) => Promise<string>;
const addr = (name: string) => deployment.contracts[name]!.address.toLowerCase();
const owner = ANVIL_ACCOUNTS[0]!.address.toLowerCase();

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID });
  deployment = await deployContracts({
    rpcUrl: anvil.rpcUrl,
    privateKey: ANVIL_ACCOUNTS[0]!.privateKey,
    chainId: CHAIN_ID,
  });
  chain = createPublicClient({
    chain: chainFor(CHAIN_ID, anvil.rpcUrl),
    transport: http(anvil.rpcUrl),
  }) as PublicClient;
  fresh = await freshDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aiamarket-admin-collection-'));
  run = (...argv) =>
    runAdminCommand({ db: fresh.database.db, dataDir: dir, chainId: CHAIN_ID, chain }, argv);
}, 120_000);

afterAll(async () => {
  await fresh?.drop();
  await anvil?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const profileOf = async (contract: string) =>
  (
    await fresh.database.db
      .select()
      .from(collectionProfiles)
      .where(eq(collectionProfiles.contractAddr, contract))
  )[0];

describe('launchpad save', () => {
  // First in the file: the later tests add the demo sources themselves.
  it('registers the swap source collection of the sale for indexing', async () => {
    const db = fresh.database.db;
    const source = addr('GameItems721');
    const save = () =>
      run(
        'launchpad',
        'save',
        JSON.stringify({
          contractAddr: deployment.contracts['Launchpad721']!.address,
          contractType: 'ERC721',
          name: 'Genesis',
        }),
      );
    const first = JSON.parse(await save());
    expect(first).toMatchObject({ name: 'Genesis', swapSource: { address: source, added: true } });
    const registered = await db.select().from(collections).where(eq(collections.address, source));
    expect(registered).toMatchObject([{ contractType: 'ERC721', source: 'admin' }]);
    expect(registered[0]!.deploymentBlock).toBe(deployment.contracts['GameItems721']!.blockNumber);
    const again = JSON.parse(await save());
    expect(again.swapSource).toEqual({ address: source, added: false });
    // Leave the source to the collection add tests below.
    await db.delete(collections).where(eq(collections.address, source));
  });

  it('saves the project even when the chain cannot be read', async () => {
    const dead = createPublicClient({
      chain: chainFor(CHAIN_ID, 'http://127.0.0.1:9'),
      transport: http('http://127.0.0.1:9', { retryCount: 0 }),
    }) as PublicClient;
    const out = JSON.parse(
      await runAdminCommand(
        { db: fresh.database.db, dataDir: dir, chainId: CHAIN_ID, chain: dead },
        [
          'launchpad',
          'save',
          JSON.stringify({
            contractAddr: deployment.contracts['Launchpad1155']!.address,
            contractType: 'ERC1155',
            name: 'Relics',
          }),
        ],
      ),
    );
    expect(out).toMatchObject({ name: 'Relics', swapSource: { error: expect.any(String) } });
    const rows = await fresh.database.db
      .select()
      .from(collections)
      .where(eq(collections.address, addr('GameItems1155')));
    expect(rows).toHaveLength(0);
  });
});

describe('collection add', () => {
  it('registers the contract for indexing and creates its page (type, name, owner read)', async () => {
    const out = JSON.parse(
      await run(
        'collection',
        'add',
        JSON.stringify({
          address: deployment.contracts['GameItems721']!.address,
          linkCollection: 'Heroes',
          description: 'The heroes',
          headUrl: 'https://example.com/h.png',
          linkTwitter: 'https://twitter.com/heroes',
          featuredRank: 1,
          deploymentBlock: 1,
        }),
      ),
    );
    expect(out).toMatchObject({
      contractAddr: addr('GameItems721'),
      linkCollection: 'Heroes',
      name: 'AIA Heroes',
      description: 'The heroes',
      ownerAddr: owner,
      featuredRank: 1,
      linkTwitter: 'https://twitter.com/heroes',
    });
    const registered = await fresh.database.db
      .select()
      .from(collections)
      .where(eq(collections.address, addr('GameItems721')));
    expect(registered).toMatchObject([
      { contractType: 'ERC721', source: 'admin', name: 'AIA Heroes', deploymentBlock: 1 },
    ]);
  });

  it('applies new fields when added again, without a second page', async () => {
    await run(
      'collection',
      'add',
      JSON.stringify({ address: addr('GameItems721'), description: 'Edited', featuredRank: null }),
    );
    const rows = await fresh.database.db
      .select()
      .from(collectionProfiles)
      .where(eq(collectionProfiles.contractAddr, addr('GameItems721')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      description: 'Edited',
      featuredRank: null,
      linkCollection: 'Heroes',
    });
  });

  it('derives a free link from the name when none is given', async () => {
    const out = JSON.parse(
      await run('collection', 'add', JSON.stringify({ address: addr('GameItems1155') })),
    );
    expect(out).toMatchObject({ linkCollection: 'aia-game-items', name: 'AIA Game Items' });
    const registered = await fresh.database.db
      .select()
      .from(collections)
      .where(eq(collections.address, addr('GameItems1155')));
    expect(registered[0]?.contractType).toBe('ERC1155');
  });

  it('refuses a taken link (any case), bad fields and contracts that are not NFTs', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ address: addr('Launchpad721'), linkCollection: 'HEROES' }, /already used/],
      [
        { address: addr('Launchpad721'), linkCollection: 'my heroes' },
        /linkCollection: The link may only/,
      ],
      [{ address: addr('Launchpad721'), linkTwitter: 'twitter' }, /linkTwitter: Link Format Error/],
      [{ address: addr('Launchpad721'), name: 'Bad$Name' }, /name: Can not use special characters/],
      [
        { address: addr('Launchpad721'), description: 'x'.repeat(501) },
        /description: The description/,
      ],
      [
        { address: addr('Launchpad721'), ownerAddr: '0x12' },
        /ownerAddr: Wrong wallet address format/,
      ],
      [{ address: 'nope' }, /address: Wrong wallet address format/],
      [{ address: addr('Launchpad721'), extra: 1 }, /invalid input/],
      [{ address: addr('StableCoin') }, /neither ERC721 nor ERC1155/],
    ];
    for (const [input, message] of cases) {
      const err = await run('collection', 'add', JSON.stringify(input)).catch((e: unknown) => e);
      expect(err, JSON.stringify(input)).toBeInstanceOf(AdminError);
      expect((err as Error).message).toMatch(message);
    }
    expect(await profileOf(addr('Launchpad721'))).toBeUndefined();
    const registered = await fresh.database.db
      .select()
      .from(collections)
      .where(eq(collections.address, addr('StableCoin')));
    expect(registered).toHaveLength(0);
  });
});

describe('collection save and sync', () => {
  it('edits a page by address or id, only the fields given', async () => {
    const before = (await profileOf(addr('GameItems1155')))!;
    const out = JSON.parse(
      await run(
        'collection',
        'save',
        JSON.stringify({
          address: addr('GameItems1155'),
          name: 'Game Items',
          ownerAddr: ANVIL_ACCOUNTS[3]!.address,
        }),
      ),
    );
    expect(out).toMatchObject({
      id: before.id,
      name: 'Game Items',
      ownerAddr: ANVIL_ACCOUNTS[3]!.address.toLowerCase(),
      linkCollection: before.linkCollection,
      description: before.description,
    });
    const byId = await saveCollectionProfile(
      { db: fresh.database.db, chainId: CHAIN_ID },
      { id: before.id, coverUrl: 'https://example.com/c.png' },
    );
    expect(byId).toMatchObject({ coverUrl: 'https://example.com/c.png', name: 'Game Items' });
    for (const input of [{ id: 999_999 }, {}, { id: before.id, linkCollection: 'heroes' }]) {
      const err = await run('collection', 'save', JSON.stringify(input)).catch((e: unknown) => e);
      expect(err, JSON.stringify(input)).toBeInstanceOf(AdminError);
    }
  });

  it('gives registered collections without a page one (launchpad ones included)', async () => {
    await registerCollection(fresh.database.db, CHAIN_ID, {
      address: addr('Launchpad721'),
      contractType: 'ERC721',
      deploymentBlock: 1,
      source: 'launchpad',
      name: 'AIA Heroes',
    });
    // A node that does not answer: no page without its owner; the next pass creates it.
    const dead = createPublicClient({
      chain: chainFor(CHAIN_ID, 'http://127.0.0.1:9'),
      transport: http('http://127.0.0.1:9', { retryCount: 0 }),
    }) as PublicClient;
    await expect(syncCollectionProfiles(fresh.database.db, CHAIN_ID, dead)).rejects.toThrow();
    expect(await profileOf(addr('Launchpad721'))).toBeUndefined();
    const created = JSON.parse(await run('collection', 'sync'));
    expect(created).toMatchObject([
      { contractAddr: addr('Launchpad721'), linkCollection: 'aia-heroes', ownerAddr: owner },
    ]);
    expect(JSON.parse(await run('collection', 'sync'))).toEqual([]);
  });

  it('is callable by the demo seed (typed functions, same rules)', async () => {
    const err = await addCollection(
      { db: fresh.database.db, chainId: CHAIN_ID, chain },
      { address: addr('Launchpad1155'), linkCollection: 'aia heroes' },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CollectionAdminError);
    const ok = await addCollection(
      { db: fresh.database.db, chainId: CHAIN_ID, chain },
      { address: addr('Launchpad1155'), name: 'AIA Heroes' },
    );
    expect(ok.linkCollection).toBe('aia-heroes-2');
  });
});

describe('admin CLI process', () => {
  // A child process compiles the server through tsx and opens its own database (initdb and every
  // migration on PGlite): tens of seconds when the machine is busy.
  it(
    'runs collection add against the configured chain and database',
    { timeout: 180_000 },
    async () => {
      const env = {
        ...process.env,
        DATABASE_URL: fresh.url ?? '',
        DATA_DIR: path.join(dir, 'cli'),
        RPC_URL: anvil.rpcUrl,
        CHAIN_ID: String(CHAIN_ID),
        LOG_LEVEL: 'silent',
      };
      const cli = path.resolve(import.meta.dirname, 'cli.ts');
      const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');
      const exec = promisify(execFile);
      const input = JSON.stringify({ address: addr('Marketplace') });
      const err = await exec(tsx, [cli, 'collection', 'add', input], { env }).catch(
        (e: { code: number; stderr: string }) => e,
      );
      expect('code' in err && err.code).toBe(1);
      expect((err as { stderr: string }).stderr.trim()).toMatch(
        /^error: .*neither ERC721 nor ERC1155/,
      );
      if (fresh.url) {
        const { stdout } = await exec(
          tsx,
          [
            cli,
            'collection',
            'save',
            JSON.stringify({ address: addr('GameItems721'), featuredRank: 3 }),
          ],
          { env },
        );
        expect(JSON.parse(stdout)).toMatchObject({ featuredRank: 3 });
      }
    },
  );
});
