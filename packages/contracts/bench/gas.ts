// Gas report: our marketplace and launchpads against Seaport 1.6 on one anvil.
//   npm run bench:gas -w @aiamarket/contracts   (runs `npm run build` first if needed)
// Seaport comes from the seaport-core npm package, built with solc 0.8.24, via-IR and
// optimizer_runs 4294967295 (the `seaport` foundry profile; ~2 minutes the first time, cached).
// Both sides trade the same ERC721 (GameItems721) with the same fee (2.5 %) and royalty (5 %)
// recipients, and every party already holds a balance of the token and coin involved, so
// neither side pays for first-time storage the other does not.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  gameItems1155Abi,
  gameItems721Abi,
  launchpad721Abi,
  listingsAbi,
  marketplaceAbi,
  offersAbi,
  stableCoinAbi,
} from '@aiamarket/shared/abis';
import {
  LISTING_TYPES,
  OFFER_KIND,
  OFFER_TYPES,
  chainFor,
  listingDomain,
  listingTree,
  offerDomain,
  traitTree,
} from '@aiamarket/shared';
import type { SignedListingFields, SignedOfferFields } from '@aiamarket/shared';
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  hexToBigInt,
  http,
  maxUint256,
  parseEther,
  parseUnits,
  zeroAddress,
  zeroHash,
} from 'viem';
import type { Abi, Address, Hex, TransactionReceipt, TypedDataDefinition } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { ANVIL_MNEMONIC, deployContracts, priceHash, startAnvil } from '../ts/index.js';
import { findNodeBin } from '../ts/node-bin.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function forgeBinary(): string {
  const forge = findNodeBin('forge', root);
  if (!forge) throw new Error('forge not found');
  return forge;
}

interface Artifact {
  abi: Abi;
  bytecode: { object: Hex };
}
function seaportArtifacts(): { seaport: Artifact; controller: Artifact } {
  const file = (name: string) => join(root, 'out-seaport', `${name}.sol`, `${name}.json`);
  if (!existsSync(file('Seaport')) || !existsSync(file('ConduitController'))) {
    console.log('building Seaport 1.6 (solc 0.8.24, via-IR, 4294967295 runs; about 2 minutes)...');
  }
  // forge's cache makes this instant once built.
  execFileSync(forgeBinary(), ['build'], {
    cwd: root,
    env: { ...process.env, FOUNDRY_PROFILE: 'seaport' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const read = (name: string) => JSON.parse(readFileSync(file(name), 'utf8')) as Artifact;
  return { seaport: read('Seaport'), controller: read('ConduitController') };
}

const accounts = Array.from({ length: 10 }, (_, addressIndex) =>
  mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex }),
);
const [deployer, seller, buyer, feeAccount, royaltyAccount] = accounts as [
  (typeof accounts)[number],
  (typeof accounts)[number],
  (typeof accounts)[number],
  (typeof accounts)[number],
  (typeof accounts)[number],
];

/** Seaport's item fields; a consideration item adds its recipient. */
const SEAPORT_ITEM = [
  { name: 'itemType', type: 'uint8' },
  { name: 'token', type: 'address' },
  { name: 'identifierOrCriteria', type: 'uint256' },
  { name: 'startAmount', type: 'uint256' },
  { name: 'endAmount', type: 'uint256' },
] as const;

const SEAPORT_TYPES = {
  OrderComponents: [
    { name: 'offerer', type: 'address' },
    { name: 'zone', type: 'address' },
    { name: 'offer', type: 'OfferItem[]' },
    { name: 'consideration', type: 'ConsiderationItem[]' },
    { name: 'orderType', type: 'uint8' },
    { name: 'startTime', type: 'uint256' },
    { name: 'endTime', type: 'uint256' },
    { name: 'zoneHash', type: 'bytes32' },
    { name: 'salt', type: 'uint256' },
    { name: 'conduitKey', type: 'bytes32' },
    { name: 'counter', type: 'uint256' },
  ],
  OfferItem: SEAPORT_ITEM,
  ConsiderationItem: [...SEAPORT_ITEM, { name: 'recipient', type: 'address' }],
} as const;

async function main() {
  const artifacts = seaportArtifacts();
  const anvil = await startAnvil({ extraArgs: ['--base-fee', '0', '--gas-price', '0'] });
  try {
    const chain = chainFor(anvil.chainId, anvil.rpcUrl);
    const transport = http(anvil.rpcUrl);
    const publicClient = createPublicClient({ chain, transport, pollingInterval: 20 });
    const wallet = (account: (typeof accounts)[number]) =>
      createWalletClient({ account, chain, transport, pollingInterval: 20 });

    async function send(
      from: (typeof accounts)[number],
      to: Address,
      abi: Abi,
      functionName: string,
      args: readonly unknown[],
      value = 0n,
    ): Promise<TransactionReceipt> {
      const hash = await wallet(from).sendTransaction({
        to,
        data: encodeFunctionData({ abi, functionName, args } as never),
        value,
        gas: 5_000_000n,
        maxFeePerGas: 0n,
        maxPriorityFeePerGas: 0n,
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`${functionName} reverted`);
      return receipt;
    }
    async function deploy(artifact: Artifact, args: readonly unknown[]): Promise<Address> {
      const hash = await wallet(deployer).deployContract({
        abi: artifact.abi,
        bytecode: artifact.bytecode.object,
        args,
        gas: 29_000_000n,
      } as never);
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (!receipt.contractAddress) throw new Error('deploy failed');
      return getAddress(receipt.contractAddress);
    }

    const deployment = await deployContracts({
      rpcUrl: anvil.rpcUrl,
      privateKey: `0x${Buffer.from(deployer.getHdKey().privateKey!).toString('hex')}`,
      chainId: anvil.chainId,
    });
    const at = (name: string) => deployment.contracts[name]!.address as Address;
    const market = at('Marketplace');
    const usdt = at('StableCoin');
    const nft = at('GameItems721');
    const nft1155 = at('GameItems1155');
    const lp721 = at('Launchpad721');
    const offers = at('Offers');
    const controller = await deploy(artifacts.controller, []);
    const seaport = await deploy(artifacts.seaport, [controller]);
    const seaportCounter = async (account: Address) =>
      (await publicClient.readContract({
        address: seaport,
        abi: artifacts.seaport.abi,
        functionName: 'getCounter',
        args: [account],
      })) as bigint;
    const signSeaport = (
      signer: (typeof accounts)[number],
      order: TypedDataDefinition<typeof SEAPORT_TYPES, 'OrderComponents'>['message'],
    ) =>
      wallet(signer).signTypedData({
        domain: {
          name: 'Seaport',
          version: '1.6',
          chainId: anvil.chainId,
          verifyingContract: seaport,
        },
        types: SEAPORT_TYPES,
        primaryType: 'OrderComponents',
        message: order,
      });
    /**
     * The seller's Seaport order for one ERC721 of `nft` at `total` in `coin` (zero: AIA), paid
     * as our market pays a sale: the seller, 2.5 % to the fee address, 5 % royalty.
     */
    const seaportListing = (tokenId: bigint, coin: Address, total: bigint, now: bigint) => {
      const fee = (total * 25n) / 1000n;
      const royalty = (total * 500n) / 10000n;
      const components = {
        offerer: seller.address,
        zone: zeroAddress,
        offer: [
          {
            itemType: 2,
            token: nft,
            identifierOrCriteria: tokenId,
            startAmount: 1n,
            endAmount: 1n,
          },
        ],
        consideration: [
          [total - fee - royalty, seller.address],
          [fee, feeAccount.address],
          [royalty, royaltyAccount.address],
        ].map(([amount, recipient]) => ({
          itemType: coin === zeroAddress ? 0 : 1,
          token: coin,
          identifierOrCriteria: 0n,
          startAmount: amount as bigint,
          endAmount: amount as bigint,
          recipient: recipient as Address,
        })),
        orderType: 0,
        startTime: now - 100n,
        endTime: now + 100_000n,
        zoneHash: zeroHash,
      };
      return { components, fee, royalty, sellerAmount: total - fee - royalty };
    };

    /**
     * fulfillBasicOrder's parameters for a signed `order` (no zone, no conduit) whose fee and
     * royalty go to the fee address and the royalty receiver, as our market pays them.
     */
    const basicOrder = ({
      order,
      fee,
      royalty,
      ...sides
    }: {
      considerationToken: Address;
      considerationIdentifier: bigint;
      considerationAmount: bigint;
      offerer: Address;
      offerToken: Address;
      offerIdentifier: bigint;
      offerAmount: bigint;
      basicOrderType: number;
      order: { startTime: bigint; endTime: bigint; salt: bigint };
      fee: bigint;
      royalty: bigint;
      signature: Hex;
    }) => ({
      ...sides,
      zone: zeroAddress,
      startTime: order.startTime,
      endTime: order.endTime,
      zoneHash: zeroHash,
      salt: order.salt,
      offererConduitKey: zeroHash,
      fulfillerConduitKey: zeroHash,
      totalOriginalAdditionalRecipients: 2n,
      additionalRecipients: [
        { amount: fee, recipient: feeAccount.address },
        { amount: royalty, recipient: royaltyAccount.address },
      ],
    });

    // Same recipients on both sides; everyone already holds the coin and the NFT.
    await send(deployer, market, marketplaceAbi, 'setFeeAddress', [feeAccount.address]);
    await send(deployer, market, marketplaceAbi, 'setRoyaltyRate', [
      nft,
      royaltyAccount.address,
      500n,
    ]);
    await send(deployer, nft, gameItems721Abi, 'mint', [seller.address, 20n]); // ids 1..20
    await send(deployer, nft, gameItems721Abi, 'mint', [buyer.address, 1n]); // id 21
    await send(deployer, nft1155, gameItems1155Abi, 'mint', [seller.address, 1n, 100n]);
    await send(deployer, nft1155, gameItems1155Abi, 'mint', [buyer.address, 1n, 1n]);
    for (const a of [seller, buyer, feeAccount, royaltyAccount]) {
      await send(deployer, usdt, stableCoinAbi, 'mint', [a.address, parseUnits('1000', 6)]);
    }
    for (const operator of [market, seaport, lp721, offers]) {
      await send(seller, nft, gameItems721Abi, 'setApprovalForAll', [operator, true]);
      await send(buyer, nft, gameItems721Abi, 'setApprovalForAll', [operator, true]);
      await send(seller, nft1155, gameItems1155Abi, 'setApprovalForAll', [operator, true]);
      await send(buyer, usdt, stableCoinAbi, 'approve', [operator, maxUint256]);
    }
    // Seaport's criteria orders pay fee and royalty from the fulfiller (the accepting seller).
    await send(seller, usdt, stableCoinAbi, 'approve', [seaport, maxUint256]);

    const rows: { op: string; ours?: bigint; seaport?: bigint; note?: string }[] = [];
    const gas = (r: TransactionReceipt) => r.gasUsed;
    const price = parseEther('1');
    const usdtPrice = parseUnits('10', 6);
    const itemIdOf = (r: TransactionReceipt) => BigInt(r.logs.at(-1)!.topics[1]!);

    // --- ours
    /** The seller lists `amount` of `tokenId` at `unitPrice` per unit in `coin`. */
    const list = (
      collection: Address,
      tokenId: bigint,
      amount: bigint,
      unitPrice: bigint,
      coin: Address,
    ) =>
      send(seller, market, marketplaceAbi, 'createMarketItem', [
        collection,
        tokenId,
        amount,
        unitPrice,
        coin,
      ]);
    /** The buyer buys `amount` of the listing `listed` created (`value`: the AIA it pays). */
    const buy = (
      listed: TransactionReceipt,
      collection: Address,
      tokenId: bigint,
      amount: bigint,
      unitPrice: bigint,
      value = 0n,
    ) =>
      send(
        buyer,
        market,
        marketplaceAbi,
        'createMarketSale',
        [itemIdOf(listed), amount, priceHash(collection, tokenId, unitPrice)],
        value,
      );
    const list721 = await list(nft, 1n, 1n, price, zeroAddress);
    rows.push({
      op: 'list 721 (createMarketItem)',
      ours: gas(list721),
      note: 'Seaport: off-chain signature',
    });
    const list1155 = await list(nft1155, 1n, 10n, price, zeroAddress);
    rows.push({
      op: 'list 1155 (10 units)',
      ours: gas(list1155),
      note: 'Seaport: off-chain signature',
    });
    const buyAia = await buy(list721, nft, 1n, 1n, price, price);
    const listUsdt = await list(nft, 2n, 1n, usdtPrice, usdt);
    const buyUsdt = await buy(listUsdt, nft, 2n, 1n, usdtPrice);
    const partial = await buy(list1155, nft1155, 1n, 3n, price, 3n * price);
    const listC = await list(nft, 3n, 1n, price, zeroAddress);
    const modify = await send(seller, market, marketplaceAbi, 'modifyPrice', [
      itemIdOf(listC),
      price * 2n,
    ]);
    const cancel = await send(seller, market, marketplaceAbi, 'cancelMarketItem', [
      itemIdOf(listC),
    ]);
    const mint1 = await send(
      buyer,
      lp721,
      launchpad721Abi,
      'mint',
      [zeroAddress, 1n],
      parseEther('0.01'),
    );
    const mint5 = await send(
      buyer,
      lp721,
      launchpad721Abi,
      'mint',
      [zeroAddress, 5n],
      parseEther('0.05'),
    );
    const mintUsdt = await send(buyer, lp721, launchpad721Abi, 'mint', [usdt, 1n]);
    const swap = await send(seller, lp721, launchpad721Abi, 'swap', [0, nft, [10n, 11n], [1n, 1n]]);

    // --- Seaport fulfillBasicOrder with the same fee and royalty recipients
    const counter = await seaportCounter(seller.address);
    async function seaportBuy(tokenId: bigint, coin: Address, total: bigint) {
      const now = (await publicClient.getBlock()).timestamp;
      const { components, fee, royalty, sellerAmount } = seaportListing(tokenId, coin, total, now);
      const order = { ...components, salt: tokenId, conduitKey: zeroHash, counter };
      const signature = await signSeaport(seller, order);
      const params = basicOrder({
        considerationToken: coin,
        considerationIdentifier: 0n,
        considerationAmount: sellerAmount,
        offerer: seller.address,
        offerToken: nft,
        offerIdentifier: tokenId,
        offerAmount: 1n,
        basicOrderType: coin === zeroAddress ? 0 : 8, // ETH_TO_ERC721_FULL_OPEN / ERC20_TO_ERC721_FULL_OPEN
        order,
        fee,
        royalty,
        signature,
      });
      return send(
        buyer,
        seaport,
        artifacts.seaport.abi,
        'fulfillBasicOrder',
        [params],
        coin === zeroAddress ? total : 0n,
      );
    }
    const seaAia = await seaportBuy(4n, zeroAddress, price);
    const seaUsdt = await seaportBuy(5n, usdt, usdtPrice);

    // --- offers: the buyer offers the stable coin for the seller's ERC721 (item, any token of
    // the collection, any token of a trait set of 8 ids with a Merkle proof); the seller accepts.
    // Seaport: the same offer as an order offering the ERC-20, fee and royalty as consideration.
    const offerPrice = parseUnits('10', 6);
    const trait = traitTree([12n, 13n, 14n, 15n, 16n, 17n, 18n, 19n]);
    const now = (await publicClient.getBlock()).timestamp;
    const offerCounter = await seaportCounter(buyer.address);
    async function acceptOurs(kind: 0 | 1 | 2, tokenId: bigint, salt: bigint) {
      const offer: SignedOfferFields = {
        offerer: buyer.address,
        collection: nft,
        kind,
        erc1155: false,
        identifier:
          kind === OFFER_KIND.item
            ? tokenId
            : kind === OFFER_KIND.trait
              ? hexToBigInt(trait.root)
              : 0n,
        units: 1n,
        coin: usdt,
        pricePerUnit: offerPrice,
        start: now - 100n,
        end: now + 100_000n,
        salt,
        counter: 0n,
      };
      const signature = await wallet(buyer).signTypedData({
        domain: offerDomain(anvil.chainId, offers),
        types: OFFER_TYPES,
        primaryType: 'Offer',
        message: offer,
      });
      const proof = kind === OFFER_KIND.trait ? trait.proof(tokenId) : [];
      return send(seller, offers, offersAbi, 'acceptOffer', [offer, signature, tokenId, 1n, proof]);
    }
    async function acceptSeaport(kind: 0 | 1 | 2, tokenId: bigint, salt: bigint) {
      const fee = (offerPrice * 25n) / 1000n;
      const royalty = (offerPrice * 500n) / 10000n;
      const coinItem = (amount: bigint) => ({
        itemType: 1,
        token: usdt,
        identifierOrCriteria: 0n,
        startAmount: amount,
        endAmount: amount,
      });
      const criteria = kind === OFFER_KIND.trait ? hexToBigInt(trait.root) : 0n;
      const order = {
        offerer: buyer.address,
        zone: zeroAddress,
        // Basic order: the fulfiller gets offer - fee - royalty; criteria order: all of the
        // offer, and pays fee and royalty (the seller ends with the same amount).
        offer: [coinItem(offerPrice)],
        consideration: [
          {
            itemType: kind === OFFER_KIND.item ? 2 : 4, // ERC721 / ERC721_WITH_CRITERIA
            token: nft,
            identifierOrCriteria: kind === OFFER_KIND.item ? tokenId : criteria,
            startAmount: 1n,
            endAmount: 1n,
            recipient: buyer.address,
          },
          { ...coinItem(fee), recipient: feeAccount.address },
          { ...coinItem(royalty), recipient: royaltyAccount.address },
        ],
        orderType: 0,
        startTime: now - 100n,
        endTime: now + 100_000n,
        zoneHash: zeroHash,
        salt,
        conduitKey: zeroHash,
        counter: offerCounter,
      };
      const signature = await signSeaport(buyer, order);
      if (kind === OFFER_KIND.item) {
        return send(seller, seaport, artifacts.seaport.abi, 'fulfillBasicOrder', [
          basicOrder({
            considerationToken: nft,
            considerationIdentifier: tokenId,
            considerationAmount: 1n,
            offerer: buyer.address,
            offerToken: usdt,
            offerIdentifier: 0n,
            offerAmount: offerPrice,
            basicOrderType: 16, // ERC721_TO_ERC20_FULL_OPEN
            order,
            fee,
            royalty,
            signature,
          }),
        ]);
      }
      const { counter: _counter, ...parameters } = order;
      return send(seller, seaport, artifacts.seaport.abi, 'fulfillAdvancedOrder', [
        {
          parameters: { ...parameters, totalOriginalConsiderationItems: 3n },
          numerator: 1n,
          denominator: 1n,
          signature,
          extraData: '0x',
        },
        [
          {
            orderIndex: 0n,
            side: 1, // consideration
            index: 0n,
            identifier: tokenId,
            criteriaProof: kind === OFFER_KIND.trait ? trait.proof(tokenId) : [],
          },
        ],
        zeroHash,
        zeroAddress,
      ]);
    }
    const ourItem = await acceptOurs(OFFER_KIND.item, 12n, 1n);
    const seaItem = await acceptSeaport(OFFER_KIND.item, 13n, 1n);
    const ourCollection = await acceptOurs(OFFER_KIND.collection, 14n, 2n);
    const seaCollection = await acceptSeaport(OFFER_KIND.collection, 15n, 2n);
    const ourTrait = await acceptOurs(OFFER_KIND.trait, 16n, 3n);
    const seaTrait = await acceptSeaport(OFFER_KIND.trait, 17n, 3n);

    rows.push(
      {
        op: 'buy 721 with AIA (+fee +royalty)',
        ours: gas(buyAia),
        seaport: gas(seaAia),
        note: 'Seaport: fulfillBasicOrder ETH_TO_ERC721',
      },
      {
        op: 'buy 721 with the stable coin',
        ours: gas(buyUsdt),
        seaport: gas(seaUsdt),
        note: 'Seaport: fulfillBasicOrder ERC20_TO_ERC721',
      },
      {
        op: 'accept item offer (ERC721 for the stable coin)',
        ours: gas(ourItem),
        seaport: gas(seaItem),
        note: 'Seaport: fulfillBasicOrder ERC721_TO_ERC20',
      },
      {
        op: 'accept collection offer (ERC721, stable coin)',
        ours: gas(ourCollection),
        seaport: gas(seaCollection),
        note: 'Seaport: fulfillAdvancedOrder, criteria 0',
      },
      {
        op: 'accept trait offer (8-id set, 3-hash proof)',
        ours: gas(ourTrait),
        seaport: gas(seaTrait),
        note: 'Seaport: fulfillAdvancedOrder, Merkle criteria',
      },
      { op: 'partial buy 1155 (3 of 10, AIA)', ours: gas(partial) },
      { op: 'cancel (cancelMarketItem)', ours: gas(cancel) },
      { op: 'modify price', ours: gas(modify) },
      { op: 'launchpad 721 mint 1 (AIA, first mint of the wallet)', ours: gas(mint1) },
      { op: 'launchpad 721 mint 5 (AIA, wallet has minted)', ours: gas(mint5) },
      { op: 'launchpad 721 mint 1 (stable coin)', ours: gas(mintUsdt) },
      { op: 'launchpad 721 swap (2 source -> 1)', ours: gas(swap) },
    );

    // --- signed listings: the seller signs, the buyer pays AIA; fee and royalty as
    // above. Seaport: the same orders (one ERC721 for ETH to seller, fee and royalty).
    const listingsAddr = at('Listings');
    await send(seller, nft, gameItems721Abi, 'setApprovalForAll', [listingsAddr, true]);
    const minted = await send(deployer, nft, gameItems721Abi, 'mint', [seller.address, 40n]);
    const fresh = minted.logs.map((l) => hexToBigInt(l.topics[3]!));
    const listingNow = (await publicClient.getBlock()).timestamp;
    const listingOf = (tokenId: bigint, salt: bigint): SignedListingFields => ({
      seller: seller.address,
      collection: nft,
      erc1155: false,
      tokenId,
      units: 1n,
      coin: zeroAddress,
      pricePerUnit: price,
      start: listingNow - 100n,
      end: listingNow + 100_000n,
      salt,
      counter: 0n,
    });
    const signSingle = async (listing: SignedListingFields) => ({
      listing,
      signature: await wallet(seller).signTypedData({
        domain: listingDomain(anvil.chainId, listingsAddr),
        types: LISTING_TYPES,
        primaryType: 'Listing',
        message: listing,
      }),
      proof: [] as Hex[],
      index: 0n,
      units: 1n,
    });
    async function signTree(items: SignedListingFields[]) {
      const tree = listingTree(items);
      const signature = await wallet(seller).signTypedData(
        tree.typedData(anvil.chainId, listingsAddr),
      );
      return items.map((listing, i) => ({
        listing,
        signature,
        proof: tree.proof(i),
        index: BigInt(i),
        units: 1n,
      }));
    }
    const buySigned = async (fill: Awaited<ReturnType<typeof signSingle>>) =>
      send(buyer, listingsAddr, listingsAbi, 'buy', [fill], price);
    const ourSignedBuy = await buySigned(await signSingle(listingOf(fresh[0]!, 1n)));
    let tenSeparate = 0n;
    for (let i = 1; i <= 10; i++) {
      tenSeparate += gas(await buySigned(await signSingle(listingOf(fresh[i]!, BigInt(i + 1)))));
    }
    // 100 listings under one signature (no transaction); the sweep buys 10 of them.
    const hundred = await signTree(
      Array.from({ length: 100 }, (_, i) => listingOf(fresh[11 + (i % 29)]!, 1_000n + BigInt(i))),
    );
    const tenFills = hundred.slice(0, 10);
    const ourSweep = await send(
      buyer,
      listingsAddr,
      listingsAbi,
      'sweep',
      [tenFills, []],
      10n * price,
    );
    // Seaport: ten orders of the same shape, fulfillAvailableAdvancedOrders, with fee, royalty
    // and seller payments aggregated across the orders (Seaport's cheapest way to pay them).
    const sweepCounter = await seaportCounter(seller.address);
    const seaOrders = [];
    for (let i = 0; i < 10; i++) {
      const order = {
        ...seaportListing(fresh[30 + i]!, zeroAddress, price, listingNow).components,
        salt: 5_000n + BigInt(i),
        conduitKey: zeroHash,
        counter: sweepCounter,
      };
      const signature = await signSeaport(seller, order);
      const { counter: _c, ...parameters } = order;
      seaOrders.push({
        parameters: { ...parameters, totalOriginalConsiderationItems: 3n },
        numerator: 1n,
        denominator: 1n,
        signature,
        extraData: '0x',
      });
    }
    const each = (itemIndex: number) =>
      Array.from({ length: 10 }, (_, orderIndex) => ({
        orderIndex: BigInt(orderIndex),
        itemIndex: BigInt(itemIndex),
      }));
    const seaSweep = await send(
      buyer,
      seaport,
      artifacts.seaport.abi,
      'fulfillAvailableAdvancedOrders',
      [
        seaOrders,
        [],
        Array.from({ length: 10 }, (_, orderIndex) => [
          { orderIndex: BigInt(orderIndex), itemIndex: 0n },
        ]),
        [each(0), each(1), each(2)],
        zeroHash,
        zeroAddress,
        10n,
      ],
      10n * price,
    );
    // Listings collects the fee and the market-rate AIA royalty of every fill and pays each out
    // in one transfer, whenever anyone asks: what the eleven buys and the sweep above collected.
    const collected = await Promise.all([
      publicClient.readContract({
        address: listingsAddr,
        abi: listingsAbi,
        functionName: 'feesOf',
        args: [zeroAddress],
      }),
      publicClient.readContract({
        address: listingsAddr,
        abi: listingsAbi,
        functionName: 'royaltiesOf',
        args: [nft],
      }),
    ]);
    const withdrawFees = await send(deployer, listingsAddr, listingsAbi, 'withdrawFees', [
      zeroAddress,
    ]);
    const withdrawRoyalties = await send(deployer, listingsAddr, listingsAbi, 'withdrawRoyalties', [
      nft,
    ]);
    const sales = 21n; // 1 + 10 separate buys + the sweep's 10
    rows.push(
      {
        op: 'buy one signed 721 listing with AIA (Listings.buy)',
        ours: gas(ourSignedBuy),
        seaport: gas(seaAia),
        note:
          'Seaport: fulfillBasicOrder ETH_TO_ERC721. Both take 1 AIA; Seaport sends seller 0.925, ' +
          'fee address 0.025, royalty receiver 0.05; ours sends the seller 0.925 and keeps fee and ' +
          'royalty in Listings for the withdrawals below',
      },
      {
        op: 'sweep 10 signed 721 listings, AIA (one bulk signature)',
        ours: gas(ourSweep),
        seaport: gas(seaSweep),
        note: 'Seaport: fulfillAvailableAdvancedOrders, 10 orders, payments aggregated',
      },
      {
        op: 'ten separate signed buys (sum)',
        ours: tenSeparate,
        note: `sweep / ten buys = ${(Number(gas(ourSweep)) / Number(tenSeparate)).toFixed(3)}`,
      },
      {
        op: 'list 100 items (one signature over a typed tree of the listings)',
        ours: 0n,
        seaport: 0n,
        note: 'no transaction (plus one setApprovalForAll per collection)',
      },
      {
        op: `withdrawFees(AIA): ${sales} sales' fees to the fee address`,
        ours: gas(withdrawFees),
        note: `pays ${collected[0]} wei in one transfer; anyone may call it`,
      },
      {
        op: `withdrawRoyalties(collection): ${sales} sales' royalties to the receiver`,
        ours: gas(withdrawRoyalties),
        note: `pays ${collected[1]} wei in one transfer; also paid when the market changes the receiver`,
      },
    );

    const fmt = (v?: bigint) => (v === undefined ? '' : v.toLocaleString('en-US'));
    const lines = [
      '| operation | ours (gas) | Seaport 1.6 (gas) | ours / Seaport | note |',
      '|---|---:|---:|---:|---|',
      ...rows.map((r) => {
        const ratio =
          r.ours !== undefined && r.seaport ? (Number(r.ours) / Number(r.seaport)).toFixed(3) : '';
        return `| ${r.op} | ${fmt(r.ours)} | ${fmt(r.seaport)} | ${ratio} | ${r.note ?? ''} |`;
      }),
    ];
    console.log(lines.join('\n'));
    console.log(
      '\nGas used per transaction (receipt gasUsed: 21,000 base + calldata + execution), anvil, ' +
        'fee 2.5 % and royalty 5 % to accounts that already hold the coin; our market is called through its ERC1967 proxy.',
    );
  } finally {
    await anvil.stop();
  }
}

await main();
