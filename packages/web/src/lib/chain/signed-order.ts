import type { Address, Hex } from 'viem';
import { listingsAbi, offersAbi } from '@aiamarket/shared/abis';
import { signTypedData } from 'wagmi/actions';
import type { SignedListingFields } from '@aiamarket/shared';
import { loadAppConfig } from '../appConfig';
import { deployedContract } from './contract';
import type { TxResult } from './send';
import { hashOf, type TxHashHandler, type TxStep } from './steps';
import type { ConnectedWallet } from './wallet';

// What the two signed-order contracts (Listings, Offers) share on the web's side: the signer's
// counter, cancelling by order hash or all at once, and signing typed data for the deployment.

/** The terms every signed order ends with (shared's SignedOrderTerms, which its index keeps in). */
type SignedOrderTerms = Pick<
  SignedListingFields,
  'coin' | 'pricePerUnit' | 'start' | 'end' | 'salt' | 'counter'
>;

/** EIP-712 typed data as the shared formats build it; signTypedData checks it against its types. */
interface TypedData {
  domain: object;
  types: object;
  primaryType: string;
  message: object;
}

/** One of the two contracts, with the name of its cancel by hashes and the steps of its cancels. */
type EitherAbi = typeof listingsAbi | typeof offersAbi;

interface SignedOrderAbi<A extends EitherAbi> {
  name: 'Listings' | 'Offers';
  abi: A;
  cancelByHash: 'cancelListings' | 'cancelOffers';
  steps: { cancel: TxStep; cancelAll: TxStep };
}

function signedOrderContract<const A extends EitherAbi>({
  name,
  abi,
  cancelByHash,
  steps,
}: SignedOrderAbi<A>) {
  const contract = deployedContract(name, abi);
  // The same contract typed by what both ABIs have: counterOf, incrementCounter, the cancels.
  const common = deployedContract<EitherAbi>(name, abi);
  return {
    ...contract,
    /** The signer's counter on the contract; an order signs the current one. */
    readCounter: async (signer: Address): Promise<bigint> => common.read('counterOf', [signer]),
    /** Cancels the wallet's orders with these hashes (one transaction). */
    cancel: (wallet: ConnectedWallet, orderHashes: readonly Hex[], onHash?: TxHashHandler) =>
      common.write(wallet, cancelByHash, [orderHashes], hashOf(onHash, steps.cancel)),
    /** incrementCounter: cancels every order the wallet signed so far. */
    cancelAll: (wallet: ConnectedWallet, onHash?: TxHashHandler): Promise<TxResult> =>
      common.write(wallet, 'incrementCounter', [], hashOf(onHash, steps.cancelAll)),
    /** The wallet's EIP-712 signature of what `typedData` builds for this deployment. */
    async sign(
      wallet: ConnectedWallet,
      typedData: (chainId: number, verifyingContract: Address) => TypedData,
    ): Promise<Hex> {
      const [app, verifyingContract] = await Promise.all([loadAppConfig(), contract.address()]);
      return signTypedData(wallet.config, {
        account: wallet.account,
        ...typedData(app.chain.chainId, verifyingContract),
      } as Parameters<typeof signTypedData>[1]);
    },
  };
}

/** The Listings contract: signed listings. */
export const listingsContract = signedOrderContract({
  name: 'Listings',
  abi: listingsAbi,
  cancelByHash: 'cancelListings',
  steps: { cancel: 'cancelListings', cancelAll: 'cancelAllListings' },
});

/** The Offers contract: offers. */
export const offersContract = signedOrderContract({
  name: 'Offers',
  abi: offersAbi,
  cancelByHash: 'cancelOffers',
  steps: { cancel: 'cancelOffer', cancelAll: 'cancelAllOffers' },
});

/** The terms every signed order ends with, as the contracts take them (decimal text -> integers). */
export function termsStruct(s: { [K in keyof SignedOrderTerms]: string }): SignedOrderTerms {
  return {
    coin: s.coin as Address,
    pricePerUnit: BigInt(s.pricePerUnit),
    start: BigInt(s.start),
    end: BigInt(s.end),
    salt: BigInt(s.salt),
    counter: BigInt(s.counter),
  };
}
