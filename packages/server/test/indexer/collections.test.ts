import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseEther, zeroAddress, type Address } from 'viem';
import { CONTRACT_TYPE, ORDER_STATUS } from '@aiamarket/shared';
import { gameItems721Abi, gameItems721Bytecode, marketplaceAbi } from '@aiamarket/shared/abis';
import { detectContractType, registerCollection } from '../../src/indexer/collections.js';
import {
  DEFAULT_METADATA_OPTIONS,
  fetchPendingMetadata,
  refreshTokenMetadata,
  storedMetadata,
  tokensToFetch,
} from '../../src/metadata/index.js';
import { AdminError, runAdminCommand } from '../../src/admin/commands.js';
import { runIndexerCommand } from '../../src/admin/indexer-commands.js';
import type { AppDb } from '../../src/db/database.js';
import { attrCategories, attrValues, tokenAttributes } from '../../src/db/schema-traits.js';
import { useChainAndDatabase, type FreshDatabase } from '../support/chain-database.js';
import {
  ACTORS,
  CHAIN_ID,
  dumpChainTables,
  lower,
  newIndexer,
  resetChainTables,
  send,
  type Chain,
} from './support.js';

/** Every token attribute as 'contract tokenId Category=value', sorted. */
async function attributes(db: AppDb) {
  const rows = await db
    .select({
      contract: tokenAttributes.contractAddr,
      tokenId: tokenAttributes.tokenId,
      category: attrCategories.name,
      value: attrValues.value,
    })
    .from(tokenAttributes)
    .innerJoin(attrValues, eq(attrValues.id, tokenAttributes.valueId))
    .innerJoin(attrCategories, eq(attrCategories.id, attrValues.categoryId));
  return rows.map((r) => `${r.contract} ${r.tokenId} ${r.category}=${r.value}`).sort();
}

describe('indexer: collection registry and back-fill', () => {
  let c: Chain;
  let fresh: FreshDatabase;
  let extra: Address;
  let extraBlock: number;
  useChainAndDatabase(async (started) => {
    ({ c, fresh } = started);
    const owner = c.wallets.owner;
    const hash = await owner.deployContract({
      abi: gameItems721Abi,
      bytecode: gameItems721Bytecode,
      args: ['Extra', 'EXT', 'ipfs://extra/', ACTORS.owner.address, ACTORS.owner.address, 0n],
      account: owner.account!,
      chain: owner.chain,
    });
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash });
    extra = receipt.contractAddress!;
    extraBlock = Number(receipt.blockNumber);
  });

  it('detects the contract type by ERC-165', async () => {
    expect(await detectContractType(c.publicClient, extra)).toBe(CONTRACT_TYPE.erc721);
    expect(await detectContractType(c.publicClient, c.addr('GameItems1155'))).toBe(
      CONTRACT_TYPE.erc1155,
    );
    expect(await detectContractType(c.publicClient, c.addr('StableCoin'))).toBeNull();
  });

  it('back-fills a collection registered late, then follows it', async () => {
    const db = fresh.database.db;
    const market = c.addr('Marketplace');
    const m = { address: market, abi: marketplaceAbi };
    const x = { address: extra, abi: gameItems721Abi };
    await send(c, 'owner', { ...x, functionName: 'mint', args: [ACTORS.alice.address, 3n] });
    await send(c, 'alice', { ...x, functionName: 'setApprovalForAll', args: [market, true] });
    await send(c, 'alice', {
      ...m,
      functionName: 'createMarketItem',
      args: [extra, 1n, 1n, parseEther('1'), zeroAddress],
    });
    await send(c, 'alice', {
      ...x,
      functionName: 'transferFrom',
      args: [ACTORS.alice.address, ACTORS.bob.address, 1n],
    });

    const indexer = newIndexer(db, c.publicClient, c.deployment, { batchBlocks: 2 });
    await indexer.catchUp();
    // Unknown collection: the listing is indexed, its holdings are not, so it stays listed.
    let dump = await dumpChainTables(db);
    expect(dump.orders).toMatchObject([{ orderId: '1', status: ORDER_STATUS.listed }]);
    expect(dump.holdings.filter((h) => h.contractAddr === lower(extra))).toEqual([]);

    expect(
      await registerCollection(db, CHAIN_ID, {
        address: extra,
        contractType: CONTRACT_TYPE.erc721,
        deploymentBlock: extraBlock,
        source: 'admin',
      }),
    ).toBe(true);
    dump = await dumpChainTables(db);
    expect(dump.collections.find((r) => r.address === lower(extra))?.syncedBlock).toBe(
      extraBlock - 1,
    );
    await indexer.catchUp();
    await send(c, 'bob', {
      ...x,
      functionName: 'transferFrom',
      args: [ACTORS.bob.address, ACTORS.carol.address, 1n],
    });
    await indexer.catchUp();

    dump = await dumpChainTables(db);
    expect(dump.collections.find((r) => r.address === lower(extra))?.syncedBlock).toBeNull();
    expect(dump.orders).toMatchObject([{ orderId: '1', status: ORDER_STATUS.forceCancel }]);
    expect(
      dump.holdings
        .filter((h) => h.contractAddr === lower(extra))
        .map((h) => [h.tokenId, h.ownerAddr]),
    ).toEqual([
      ['1', lower(ACTORS.carol.address)],
      ['2', lower(ACTORS.alice.address)],
      ['3', lower(ACTORS.alice.address)],
    ]);
    expect(
      dump.activities.filter((a) => a.contractAddr === lower(extra)).map((a) => a.method),
    ).toEqual([8, 8, 8, 0, 3, 3]);

    // The same as registering it before the first range.
    await resetChainTables(db);
    await registerCollection(db, CHAIN_ID, {
      address: extra,
      contractType: CONTRACT_TYPE.erc721,
      deploymentBlock: extraBlock,
      source: 'admin',
    });
    await newIndexer(db, c.publicClient, c.deployment).catchUp();
    const scratch = await dumpChainTables(db);
    expect(scratch).toEqual(dump);
  });

  it('fetches token metadata; a bad token is stored without it and a refresh fills it', async () => {
    const db = fresh.database.db;
    // Two more tokens: 4 (a huge body) and 5 (a redirect to a private-network address).
    await send(c, 'owner', {
      address: extra,
      abi: gameItems721Abi,
      functionName: 'mint',
      args: [ACTORS.alice.address, 2n],
    });
    const indexer = newIndexer(db, c.publicClient, c.deployment);
    await indexer.catchUp();
    let fixed = false;
    let tier = 'A';
    const hanging: http.ServerResponse[] = [];
    const gateway = http.createServer((req, res) => {
      const port = (gateway.address() as AddressInfo).port;
      if (req.url === '/ipfs/extra/1') return res.end('{"name":"Extra #1","image":"ipfs://img/1"}');
      if (req.url === '/ipfs/extra/2' && !fixed) return void hanging.push(res);
      if (req.url === '/ipfs/extra/3' && !fixed) return res.end('{not json');
      if (req.url === '/ipfs/extra/4' && !fixed) return res.end(`"${'x'.repeat(600_000)}"`);
      if (req.url === '/ipfs/extra/5' && !fixed) {
        res.writeHead(302, { location: `http://localhost:${port}/ipfs/extra/1` });
        return res.end();
      }
      res.end(
        JSON.stringify({
          name: `Fixed ${req.url}`,
          image: `ipfs://img${req.url}`,
          attributes: [
            { trait_type: 'Tier', value: tier },
            { trait_type: 'Kind', value: 'Fixed' },
          ],
        }),
      );
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    try {
      const opts = {
        ...DEFAULT_METADATA_OPTIONS,
        ipfsGateway: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
        timeoutMs: 300,
        attempts: 1,
      };
      expect(await fetchPendingMetadata(db, c.publicClient, CHAIN_ID, opts)).toBe(5);
      const row = (id: string) => storedMetadata(db, CHAIN_ID, extra, id);
      expect(await row('1')).toMatchObject({
        status: 'ok',
        name: 'Extra #1',
        imageUrl: '/ipfs/img/1',
        tokenUri: 'ipfs://extra/1',
      });
      expect(await row('2')).toMatchObject({
        status: 'error',
        name: null,
        error: expect.stringMatching(/timed out/),
      });
      expect(await row('3')).toMatchObject({ status: 'error', error: 'invalid JSON' });
      expect(await row('4')).toMatchObject({ status: 'error', error: /larger than/ });
      expect(await row('5')).toMatchObject({ status: 'error', error: /refused private address/ });
      // The order of token 1 shows its name and image; nothing else stopped: the indexer goes on.
      const orderOf = async (tokenId: string) =>
        (await dumpChainTables(db)).orders.find(
          (o) => o.contractAddr === lower(extra) && o.tokenId === tokenId,
        );
      expect(await orderOf('1')).toMatchObject({ name: 'Extra #1', imageUrl: '/ipfs/img/1' });
      await send(c, 'alice', {
        address: extra,
        abi: gameItems721Abi,
        functionName: 'transferFrom',
        args: [ACTORS.alice.address, ACTORS.bob.address, 2n],
      });
      await indexer.catchUp();
      expect(
        (await dumpChainTables(db)).holdings.find(
          (h) => h.contractAddr === lower(extra) && h.tokenId === '2',
        )?.ownerAddr,
      ).toBe(lower(ACTORS.bob.address));
      // Failed tokens wait for their retry time; a refresh on demand fills them now.
      expect(await tokensToFetch(db, CHAIN_ID, 10)).toEqual([]);
      fixed = true;
      for (const tokenId of ['2', '3', '4', '5']) {
        expect(
          await refreshTokenMetadata(
            db,
            c.publicClient,
            CHAIN_ID,
            { contractAddr: extra, contractType: 'ERC721', tokenId },
            opts,
          ),
        ).toBe('ok');
      }
      expect(await row('3')).toMatchObject({
        status: 'ok',
        name: 'Fixed /ipfs/extra/3',
        properties: [
          { name: 'Tier', value: 'A' },
          { name: 'Kind', value: 'Fixed' },
        ],
        error: null,
      });
      expect(await row('5')).toMatchObject({ status: 'ok', name: 'Fixed /ipfs/extra/5' });
      // The attribute categories of the filters: Tier A (tokens 2-5) and Kind Fixed.
      expect(await attributes(db)).toEqual([
        `${lower(extra)} 2 Kind=Fixed`,
        `${lower(extra)} 2 Tier=A`,
        `${lower(extra)} 3 Kind=Fixed`,
        `${lower(extra)} 3 Tier=A`,
        `${lower(extra)} 4 Kind=Fixed`,
        `${lower(extra)} 4 Tier=A`,
        `${lower(extra)} 5 Kind=Fixed`,
        `${lower(extra)} 5 Tier=A`,
      ]);
      // A refresh replaces the token's attributes (the stale Tier A of token 3 goes).
      tier = 'B';
      await refreshTokenMetadata(
        db,
        c.publicClient,
        CHAIN_ID,
        { contractAddr: extra, contractType: 'ERC721', tokenId: '3' },
        opts,
      );
      expect((await attributes(db)).filter((a) => a.includes(' 3 '))).toEqual([
        `${lower(extra)} 3 Kind=Fixed`,
        `${lower(extra)} 3 Tier=B`,
      ]);
    } finally {
      for (const res of hanging) res.destroy();
      await new Promise((r) => gateway.close(r));
    }
  });
});

describe('admin: collection register and metadata refresh', () => {
  let c: Chain;
  let fresh: FreshDatabase;
  useChainAndDatabase((started) => ({ c, fresh } = started));

  it('registers a collection from its address and back-fills it from its deployment', async () => {
    const db = fresh.database.db;
    const indexer = newIndexer(db, c.publicClient, c.deployment);
    await indexer.catchUp();
    const owner = c.wallets.owner;
    const hash = await owner.deployContract({
      abi: gameItems721Abi,
      bytecode: gameItems721Bytecode,
      args: ['Late', 'LATE', 'ipfs://late/', ACTORS.owner.address, ACTORS.owner.address, 0n],
      account: owner.account!,
      chain: owner.chain,
    });
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash });
    const late = receipt.contractAddress!;
    await send(c, 'owner', {
      address: late,
      abi: gameItems721Abi,
      functionName: 'mint',
      args: [ACTORS.bob.address, 2n],
    });
    await indexer.catchUp();
    const deps = { db, dataDir: '/nonexistent', chainId: CHAIN_ID, chain: c.publicClient };
    const run = (...argv: string[]) => runAdminCommand(deps, argv);

    // Bad input: a clear one-line error, nothing registered.
    await expect(run('collection', 'register', 'nope')).rejects.toThrow(AdminError);
    await expect(run('collection', 'register', late, '--type', 'ERC20')).rejects.toThrow(
      /--type must be ERC721 or ERC1155/,
    );
    await expect(run('collection', 'register', c.addr('StableCoin'))).rejects.toThrow(
      /neither ERC721 nor ERC1155/,
    );
    await expect(
      run('collection', 'register', '0x000000000000000000000000000000000000dead'),
    ).rejects.toThrow(/no contract at/);
    expect((await dumpChainTables(db)).collections).toHaveLength(4);

    const out = JSON.parse(await run('collection', 'register', late)) as {
      added: boolean;
      collection: { contractType: string; deploymentBlock: number; name: string };
    };
    expect(out).toMatchObject({
      added: true,
      collection: {
        contractType: 'ERC721',
        deploymentBlock: Number(receipt.blockNumber),
        name: 'Late',
      },
    });
    await indexer.catchUp();
    const dump = await dumpChainTables(db);
    expect(
      dump.holdings.filter((h) => h.contractAddr === lower(late)).map((h) => h.tokenId),
    ).toEqual(['1', '2']);
    expect(dump.collectionStats.find((s) => s.contractAddr === lower(late))).toMatchObject({
      totalTokens: 2,
      totalHolder: 1,
    });
    // Registering again changes nothing.
    expect(JSON.parse(await run('collection', 'register', late))).toMatchObject({ added: false });

    // metadata refresh: one token, or all the tokens of the collection.
    const gateway = http.createServer((req, res) =>
      res.end(JSON.stringify({ name: `Late ${req.url}` })),
    );
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    try {
      const metadata = {
        ...DEFAULT_METADATA_OPTIONS,
        ipfsGateway: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
      };
      const refresh = (...args: string[]) =>
        runIndexerCommand({ ...deps, metadata }, 'metadata refresh', args);
      expect(JSON.parse(await refresh(late, '2'))).toMatchObject({
        status: 'ok',
        name: 'Late /ipfs/late/2',
      });
      expect(JSON.parse(await refresh(late))).toEqual({ ok: 2, error: 0 });
      await expect(refresh(late, '9')).rejects.toThrow(/not indexed/);
      await expect(refresh(late, 'x')).rejects.toThrow(/invalid token id/);
      await expect(run('metadata', 'refresh')).rejects.toThrow(/invalid contract address/);
    } finally {
      await new Promise((r) => gateway.close(r));
    }
  });
});
