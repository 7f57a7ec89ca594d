import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from '../../src/indexer/metadata.js';
import { freshDatabase } from '../support/database.js';
import {
  ACTORS,
  CHAIN_ID,
  dumpChainTables,
  lower,
  newIndexer,
  resetChainTables,
  send,
  startChain,
  type Chain,
} from './support.js';

describe('indexer: collection registry and back-fill', () => {
  let c: Chain;
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let extra: Address;
  let extraBlock: number;
  beforeAll(async () => {
    c = await startChain();
    fresh = await freshDatabase();
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
  afterAll(async () => {
    await fresh?.drop();
    await c?.stop();
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
    let fixed = false;
    const hanging: http.ServerResponse[] = [];
    const gateway = http.createServer((req, res) => {
      if (req.url === '/ipfs/extra/1') return res.end('{"name":"Extra #1","image":"ipfs://img/1"}');
      if (req.url === '/ipfs/extra/2' && !fixed) return void hanging.push(res);
      if (req.url === '/ipfs/extra/3' && !fixed) return res.end('{not json');
      res.end(
        JSON.stringify({
          name: `Fixed ${req.url}`,
          attributes: [{ trait_type: 'Tier', value: 'A' }],
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
      expect(await fetchPendingMetadata(db, c.publicClient, CHAIN_ID, opts)).toBe(3);
      const row = (id: string) => storedMetadata(db, CHAIN_ID, extra, id);
      expect(await row('1')).toMatchObject({
        status: 'ok',
        name: 'Extra #1',
        imageUrl: 'ipfs://img/1',
        tokenUri: 'ipfs://extra/1',
      });
      expect(await row('2')).toMatchObject({
        status: 'error',
        name: null,
        error: expect.stringMatching(/timed out/),
      });
      expect(await row('3')).toMatchObject({ status: 'error', error: 'invalid JSON' });
      // Failed tokens wait for their retry time; a refresh on demand fills them now.
      expect(await tokensToFetch(db, CHAIN_ID, 10)).toEqual([]);
      fixed = true;
      for (const tokenId of ['2', '3']) {
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
        properties: [{ name: 'Tier', value: 'A' }],
        error: null,
      });
    } finally {
      for (const res of hanging) res.destroy();
      await new Promise((r) => gateway.close(r));
    }
  });
});
