import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther, zeroAddress, type Address } from 'viem';
import { CONTRACT_TYPE, ORDER_STATUS } from '@aiamarket/shared';
import { gameItems721Abi, gameItems721Bytecode, marketplaceAbi } from '@aiamarket/shared/abis';
import { detectContractType, registerCollection } from '../../src/indexer/collections.js';
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
});
