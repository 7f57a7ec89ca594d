import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_ERRORS,
  CONTRACT_ERROR_FALLBACK,
  LAUNCHPAD_CONTRACT_ERRORS,
  MARKET_CONTRACT_ERRORS,
  contractErrorMessage,
} from '../src/contract-errors.js';

const generated = fileURLToPath(new URL('../src/generated/abis.ts', import.meta.url));

describe('contract error messages', () => {
  it('maps the launchpad rules of document 2 section 5 to the spec messages and keys', () => {
    expect(contractErrorMessage('SoldOut').message).toBe(
      'The current asset count has reached the ceiling',
    );
    expect(contractErrorMessage('SwapRatioMismatch', [2n, 1n])).toMatchObject({
      message: 'The selected count does not meet the swap ratio',
      key: 'launchpad.exceedTip',
    });
    expect(contractErrorMessage('CoinLimitExceeded', [7n])).toMatchObject({
      message: 'Coin mint limit exceeded (can mint 7)',
      key: 'launchpad.coinMintTip',
      values: { num: '7' },
    });
    expect(contractErrorMessage('TransactionLimitExceeded', [10n]).message).toBe(
      'A single transaction exceeds the maximum (10)',
    );
    expect(contractErrorMessage('SwapLimitExceeded').message).toBe('Swap exceeds the maximum');
    expect(contractErrorMessage('WalletLimitExceeded', [0n]).key).toBe('launchpad.exchangeLimtTip');
    expect(contractErrorMessage('InsufficientSupply', [3n]).message).toBe(
      'Not enough swappable or mintable NFTs remaining (3 left)',
    );
    expect(contractErrorMessage('InsufficientBalance', [0n, 5n]).message).toBe(
      'The balance is insufficient',
    );
    expect(contractErrorMessage('NothingSelected')).toMatchObject({
      message: 'Please select NFT',
      key: 'launchpad.selectTip',
    });
    expect(contractErrorMessage('ZeroQuantity').key).toBe('marketplace.details.enterAmounts');
  });

  it('falls back to Transaction failed for unknown or missing errors', () => {
    expect(contractErrorMessage('SomethingElse')).toMatchObject(CONTRACT_ERROR_FALLBACK);
    expect(contractErrorMessage(undefined).message).toBe('Transaction failed');
    expect(CONTRACT_ERROR_FALLBACK.key).toBe('launchpad.transactionErr');
  });

  it('maps the marketplace errors the UI meets', () => {
    expect(contractErrorMessage('PriceChanged', [1n]).key).toBe('market.errors.priceChanged');
    expect(contractErrorMessage('ExceedsLeftAmount', [1n, 2n]).message).toBe('NFT amount');
    expect(contractErrorMessage('RoyaltyTooHigh', [1001n, 1000n]).key).toBe(
      'market.errors.maxRoyalty',
    );
  });

  it('every entry has a message and a dotted i18n key; placeholders have a param', () => {
    for (const [name, info] of Object.entries(CONTRACT_ERRORS)) {
      expect(info.message.length, name).toBeGreaterThan(0);
      expect(info.key, name).toMatch(/^[a-zA-Z]+(\.[a-zA-Z]+)+$/);
      for (const placeholder of info.message.match(/\{\{(\w+)\}\}/g) ?? []) {
        expect(info.params, name).toHaveProperty(placeholder.slice(2, -2));
      }
    }
  });

  it.skipIf(!existsSync(generated))(
    'covers every custom error of the marketplace, launchpad, offers and wrapped AIA ABIs',
    async () => {
      const abis = (await import('../src/generated/abis.js')) as Record<string, unknown>;
      const errorNames = (abi: unknown) =>
        (abi as { type: string; name?: string }[])
          .filter((entry) => entry.type === 'error')
          .map((entry) => entry.name!);
      const own = (abi: unknown, skip: RegExp) =>
        errorNames(abi).filter((name) => !skip.test(name));
      // Errors only the owner can hit (configuration, upgrades) need no user-facing message.
      const ownerOnly =
        /^(InvalidConfig|DuplicateCoin|FeeTooHigh|InvalidDenominator|ExpectedPause|InvalidInitialization|NotInitializing|UUPS|ERC1967|AddressEmpty|FailedCall|OwnableInvalidOwner|ERC721A|ERC721Invalid|ERC1155Invalid|ERC2981|MintERC2309|MintZeroQuantity|MintToZeroAddress|URIQueryForNonexistentToken|TransferToNonERC721ReceiverImplementer|ApprovalCallerNotOwnerNorApproved|ApprovalQueryForNonexistentToken|BalanceQueryForZeroAddress|OwnerQueryForNonexistentToken|OwnershipNotInitializedForExtraData|TransferCallerNotOwnerNorApproved|TransferFromIncorrectOwner|TransferToZeroAddress|SequentialMintExceedsLimit|SequentialUpToTooSmall|SpotMintTokenIdTooSmall|TokenAlreadyExists|NotCompatibleWithSpotMints|ERC1155InvalidArrayLength|ERC721InvalidOwner|ERC1155InvalidOperator|InvalidShortString|StringTooLong)/;
      for (const name of [
        'marketplaceAbi',
        'launchpad721Abi',
        'launchpad1155Abi',
        'offersAbi',
        'wrappedAiaAbi',
      ]) {
        for (const error of own(abis[name], ownerOnly)) {
          expect(CONTRACT_ERRORS, `${name}: ${error}`).toHaveProperty(error);
        }
      }
      expect(Object.keys(LAUNCHPAD_CONTRACT_ERRORS).length).toBeGreaterThan(10);
      expect(Object.keys(MARKET_CONTRACT_ERRORS).length).toBeGreaterThan(10);
    },
  );
});

describe('contract error keys', () => {
  it('one text per key: errors that share an i18n key share its English text', () => {
    const textOf = new Map<string, string>();
    for (const [name, info] of Object.entries(CONTRACT_ERRORS)) {
      const seen = textOf.get(info.key);
      if (seen !== undefined) expect(info.message, `${name} (${info.key})`).toBe(seen);
      textOf.set(info.key, info.message);
    }
  });
});
