import { gameItems1155Abi, gameItems721Abi } from '@aiamarket/shared/abis';

import { describe, expect, it } from 'vitest';
import { alice, bob, owner, royaltyAccount, useFixture } from './fixture.js';
import type { Call } from './fixture.js';

const f = useFixture();

const g721 = (functionName: string, args: readonly unknown[] = []): Call => ({
  address: f.c.game721,
  abi: gameItems721Abi,
  functionName,
  args,
});
const g1155 = (functionName: string, args: readonly unknown[] = []): Call => ({
  address: f.c.game1155,
  abi: gameItems1155Abi,
  functionName,
  args,
});

describe('GameItems721', () => {
  it('owner mints sequential ids from 1 with token URIs and ERC-2981', async () => {
    expect(await f.read(g721('name'))).toBe('AIA Heroes');
    expect(await f.read(g721('owner'))).toBe(owner.address);
    const ids = await f.mint721(alice, 3);
    expect(ids).toEqual([1n, 2n, 3n]);
    expect(await f.read(g721('totalMinted'))).toBe(3n);
    expect(await f.read(g721('tokenURI', [2n]))).toBe('ipfs://aiamarket-demo/heroes/2');
    expect(await f.read(g721('royaltyInfo', [1n, 10_000n]))).toEqual([
      royaltyAccount.address,
      500n,
    ]);
    for (const id of ['0x80ac58cd', '0x5b5e139f', '0x2a55205a']) {
      expect(await f.read(g721('supportsInterface', [id]))).toBe(true);
    }
    await f.expectRevert(owner, g721('mint', [alice.address, 0n]), 'ZeroQuantity');
    await f.expectRevert(alice, g721('mint', [alice.address, 1n]), 'OwnableUnauthorizedAccount', [
      alice.address,
    ]);
  });

  it('whitelist mint spends the allowance the owner set', async () => {
    await f.expectRevert(alice, g721('whitelistMint', [1n]), 'NotWhitelisted', [alice.address]);
    const receipt = await f.write(owner, g721('setWhitelist', [[alice.address, bob.address], 2n]));
    expect(f.events(receipt, gameItems721Abi, 'WhitelistSet')).toHaveLength(2);
    await f.expectRevert(alice, g721('whitelistMint', [3n]), 'WhitelistAllowanceExceeded', [2n]);
    await f.write(alice, g721('whitelistMint', [2n]));
    expect(await f.read(g721('balanceOf', [alice.address]))).toBe(2n);
    expect(await f.read(g721('whitelistAllowance', [alice.address]))).toBe(0n);
    await f.expectRevert(alice, g721('whitelistMint', [1n]), 'NotWhitelisted', [alice.address]);
    await f.expectRevert(
      alice,
      g721('setWhitelist', [[alice.address], 5n]),
      'OwnableUnauthorizedAccount',
      [alice.address],
    );
  });

  it('owner sets the base URI and the royalty', async () => {
    await f.mint721(alice);
    await f.write(owner, g721('setBaseURI', ['https://x/']));
    expect(await f.read(g721('tokenURI', [1n]))).toBe('https://x/1');
    await f.write(owner, g721('setDefaultRoyalty', [bob.address, 1000n]));
    expect(await f.read(g721('royaltyInfo', [1n, 100n]))).toEqual([bob.address, 10n]);
    await f.expectRevert(alice, g721('setBaseURI', ['y']), 'OwnableUnauthorizedAccount', [
      alice.address,
    ]);
  });

  it('owner points one item, or a run of items, at new metadata with the ERC-4906 events', async () => {
    await f.mint721(alice, 4);
    expect(await f.read(g721('supportsInterface', ['0x49064906']))).toBe(true);
    const one = await f.write(owner, g721('setTokenURI', [3n, 'ipfs://level-2/3']));
    expect(f.events(one, gameItems721Abi, 'MetadataUpdate')).toEqual([{ _tokenId: 3n }]);
    expect(await f.read(g721('tokenURI', [3n]))).toBe('ipfs://level-2/3');
    expect(await f.read(g721('tokenURI', [2n]))).toBe('ipfs://aiamarket-demo/heroes/2');
    // The base URI moves the items without their own URI only.
    await f.write(owner, g721('setBaseURI', ['https://x/']));
    expect(await f.read(g721('tokenURI', [3n]))).toBe('ipfs://level-2/3');
    expect(await f.read(g721('tokenURI', [4n]))).toBe('https://x/4');

    const batch = await f.write(owner, g721('setTokenURIs', [2n, ['ipfs://b/2', 'ipfs://b/3']]));
    expect(f.events(batch, gameItems721Abi, 'BatchMetadataUpdate')).toEqual([
      { _fromTokenId: 2n, _toTokenId: 3n },
    ]);
    expect(await f.read(g721('tokenURI', [2n]))).toBe('ipfs://b/2');
    expect(await f.read(g721('tokenURI', [3n]))).toBe('ipfs://b/3');
    // An empty URI goes back to the base URI.
    await f.write(owner, g721('setTokenURI', [3n, '']));
    expect(await f.read(g721('tokenURI', [3n]))).toBe('https://x/3');

    await f.expectRevert(owner, g721('setTokenURI', [9n, 'x']), 'ERC721NonexistentToken', [9n]);
    await f.expectRevert(owner, g721('setTokenURIs', [4n, ['a', 'b']]), 'ERC721NonexistentToken', [
      5n,
    ]);
    await f.expectRevert(owner, g721('setTokenURIs', [1n, []]), 'EmptyURIs');
    await f.expectRevert(alice, g721('setTokenURI', [1n, 'x']), 'OwnableUnauthorizedAccount', [
      alice.address,
    ]);
    await f.expectRevert(alice, g721('setTokenURIs', [1n, ['x']]), 'OwnableUnauthorizedAccount', [
      alice.address,
    ]);
    expect(await f.read(g721('tokenURI', [1n]))).toBe('https://x/1');
  });
});

describe('GameItems1155', () => {
  it('owner mints single and batch, tracks supply, serves the URI and ERC-2981', async () => {
    expect(await f.read(g1155('name'))).toBe('AIA Game Items');
    expect(await f.read(g1155('symbol'))).toBe('ITEM');
    await f.mint1155(alice, 1n, 5n);
    await f.write(owner, g1155('mintBatch', [bob.address, [1n, 2n], [3n, 4n]]));
    expect(await f.read(g1155('totalSupply', [1n]))).toBe(8n);
    expect(await f.read(g1155('balanceOf', [bob.address, 2n]))).toBe(4n);
    expect(await f.read(g1155('uri', [1n]))).toBe('ipfs://aiamarket-demo/items/{id}.json');
    expect(await f.read(g1155('royaltyInfo', [1n, 10_000n]))).toEqual([
      royaltyAccount.address,
      500n,
    ]);
    await f.expectRevert(owner, g1155('mint', [alice.address, 1n, 0n]), 'ZeroQuantity');
    await f.expectRevert(owner, g1155('mintBatch', [alice.address, [1n], [0n]]), 'ZeroQuantity');
    await f.expectRevert(
      alice,
      g1155('mint', [alice.address, 1n, 1n]),
      'OwnableUnauthorizedAccount',
      [alice.address],
    );
    await f.write(owner, g1155('setURI', ['https://y/{id}']));
    expect(await f.read(g1155('uri', [1n]))).toBe('https://y/{id}');
    await f.write(owner, g1155('setDefaultRoyalty', [bob.address, 100n]));
    expect(await f.read(g1155('royaltyInfo', [1n, 10_000n]))).toEqual([bob.address, 100n]);
  });

  it('owner gives one id its own URI with the ERC1155 URI event', async () => {
    await f.mint1155(alice, 2n, 1n);
    const receipt = await f.write(owner, g1155('setTokenURI', [2n, 'ipfs://level-2/2.json']));
    expect(f.events(receipt, gameItems1155Abi, 'URI')).toEqual([
      { value: 'ipfs://level-2/2.json', id: 2n },
    ]);
    expect(await f.read(g1155('uri', [2n]))).toBe('ipfs://level-2/2.json');
    expect(await f.read(g1155('uri', [1n]))).toBe('ipfs://aiamarket-demo/items/{id}.json');
    // Back to the shared URI: the event names it, {id} and all.
    const back = await f.write(owner, g1155('setTokenURI', [2n, '']));
    expect(f.events(back, gameItems1155Abi, 'URI')).toEqual([
      { value: 'ipfs://aiamarket-demo/items/{id}.json', id: 2n },
    ]);
    await f.expectRevert(alice, g1155('setTokenURI', [2n, 'x']), 'OwnableUnauthorizedAccount', [
      alice.address,
    ]);
    expect(await f.read(g1155('uri', [2n]))).toBe('ipfs://aiamarket-demo/items/{id}.json');
  });

  it('whitelist mint per token id', async () => {
    await f.expectRevert(alice, g1155('whitelistMint', [3n, 1n]), 'NotWhitelisted', [
      alice.address,
      3n,
    ]);
    const receipt = await f.write(owner, g1155('setWhitelist', [[alice.address], 3n, 4n]));
    expect(f.events(receipt, gameItems1155Abi, 'WhitelistSet')).toEqual([
      { account: alice.address, id: 3n, allowance: 4n },
    ]);
    await f.expectRevert(alice, g1155('whitelistMint', [3n, 0n]), 'ZeroQuantity');
    await f.expectRevert(alice, g1155('whitelistMint', [3n, 5n]), 'WhitelistAllowanceExceeded', [
      4n,
    ]);
    await f.write(alice, g1155('whitelistMint', [3n, 3n]));
    expect(await f.read(g1155('balanceOf', [alice.address, 3n]))).toBe(3n);
    expect(await f.read(g1155('whitelistAllowance', [alice.address, 3n]))).toBe(1n);
    expect(await f.read(g1155('totalSupply', [3n]))).toBe(3n);
    await f.expectRevert(alice, g1155('whitelistMint', [4n, 1n]), 'NotWhitelisted', [
      alice.address,
      4n,
    ]);
  });
});
