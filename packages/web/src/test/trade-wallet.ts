import type { Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  LISTING_TYPES,
  listingDomain,
  listingTree,
  type SignedListingFields,
} from '@aiamarket/shared';
import { saveSession } from '../lib/session';

// The trade dialogs' tests sign for real with anvil's second test key; their transactions are
// recorded instead of sent. What they all mock of lib/chain is here, called from their vi.mock
// factories (through a dynamic import: the factories are hoisted above the imports).

/** The wallet of the trade tests: anvil's second test key. */
export const testWallet = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
);
export const TEST_CHAIN_ID = 31337;
/** Another wallet of the trade tests, the buyer (anvil's third test account). */
export const TEST_BUYER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc' as Address;
/** The Listings contract of the local deploy. */
export const TEST_LISTINGS = '0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9' as Address;

/** lib/chain with the test wallet (or `account`) on the product chain and the indexer caught up. */
export function connectedChain<T extends object>(real: T, account: Address = testWallet.address) {
  return {
    ...real,
    walletOnProductChain: async () => ({ config: {}, account }),
    waitForIndexer: async () => true,
  };
}

/** The test wallet signed in (MetaMask), or another address. */
export function signInTestWallet(address = testWallet.address.toLowerCase()) {
  saveSession({ token: 'tok', address, wallet: 'io.metamask', walletName: 'MetaMask' });
}

/**
 * lib/chain/listings' approval and signatures on TEST_LISTINGS: approvals and signatures are
 * recorded in `sent`, the signatures are real EIP-712 ones of the test wallet.
 */
export function signingListings(sent: { sent: string[] }, counter: bigint) {
  const domain = listingDomain(TEST_CHAIN_ID, TEST_LISTINGS);
  return {
    listingsAddress: async () => domain.verifyingContract,
    readListingCounter: async () => counter,
    approveListings: async (_w: unknown, collection: Address) => {
      sent.sent.push(`approve ${collection}`);
      return true;
    },
    signListing: async (_w: unknown, listing: SignedListingFields) => {
      sent.sent.push('sign one');
      return testWallet.signTypedData({
        domain,
        types: LISTING_TYPES,
        primaryType: 'Listing',
        message: listing,
      });
    },
    signListingTree: async (_w: unknown, listings: readonly SignedListingFields[]) => {
      sent.sent.push(`sign tree of ${listings.length}`);
      return testWallet.signTypedData(
        listingTree(listings).typedData(TEST_CHAIN_ID, domain.verifyingContract),
      );
    },
  };
}
