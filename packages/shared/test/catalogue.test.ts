import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_FILTERS,
  ACTIVITY_METHOD,
  activityMethodKey,
  isTransferMethod,
} from '../src/activity.js';
import { ERRORS, errorByCode, isSessionInvalidCode } from '../src/errors.js';
import { chainFor, aiaMainnet, aiaTestnet, CHAIN_IDS } from '../src/chains.js';
import { isLocale, LOCALES, PAGE_SIZE, STORAGE_KEYS } from '../src/constants.js';
import { parseDeployment } from '../src/deployments.js';

describe('error catalogue', () => {
  it('has unique codes and HTTP statuses in the 4xx/5xx range', () => {
    const codes = Object.values(ERRORS).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const e of Object.values(ERRORS)) {
      expect(e.status).toBeGreaterThanOrEqual(400);
      expect(e.status).toBeLessThan(600);
      expect(e.key).toMatch(/^errors\.\w+$/);
    }
  });
  it('marks 10003 and 1008 as session-invalid and nothing else', () => {
    expect(isSessionInvalidCode(10003)).toBe(true);
    expect(isSessionInvalidCode(1008)).toBe(true);
    expect(isSessionInvalidCode(500)).toBe(false);
    expect(isSessionInvalidCode(0)).toBe(false);
  });
  it('keeps the spec message for 500', () => {
    expect(errorByCode(500)?.message).toBe('Server request exception');
    expect(errorByCode(424242)).toBeUndefined();
  });
});

describe('activity method codes', () => {
  it('match the spec numbers', () => {
    expect(ACTIVITY_METHOD.listing).toBe(0);
    expect(ACTIVITY_METHOD.cancel).toBe(1);
    expect(ACTIVITY_METHOD.trade).toBe(2);
    expect(ACTIVITY_METHOD.priceUpdate).toBe(5);
    expect(ACTIVITY_METHOD.mint).toBe(8);
    expect([...ACTIVITY_FILTERS.transfer].sort((a, b) => a - b)).toEqual([3, 4, 6, 7, 10]);
  });
  it('groups every transfer kind under one key', () => {
    for (const code of [3, 4, 6, 7, 10]) {
      expect(isTransferMethod(code)).toBe(true);
      expect(activityMethodKey(code)).toBe('activity.transfer');
    }
    expect(isTransferMethod(2)).toBe(false);
    expect(activityMethodKey(2)).toBe('activity.trade');
    expect(activityMethodKey(99)).toBe('activity.unknown');
  });
});

describe('chains', () => {
  it('defines AIA mainnet and testnet with an 18-decimal native coin', () => {
    expect(aiaMainnet.id).toBe(1319);
    expect(aiaTestnet.id).toBe(1320);
    expect(aiaMainnet.nativeCurrency).toEqual({ name: 'AIA', symbol: 'AIA', decimals: 18 });
  });
  it('overrides the RPC URL and refuses unknown ids', () => {
    expect(chainFor(CHAIN_IDS.local, 'http://127.0.0.1:9999').rpcUrls.default.http[0]).toBe(
      'http://127.0.0.1:9999',
    );
    expect(() => chainFor(5)).toThrow(/unsupported chain id 5/);
  });
});

describe('constants', () => {
  it('carry the spec limits', () => {
    expect(PAGE_SIZE.market).toBe(30);
    expect(PAGE_SIZE.accountItems).toBe(24);
    expect(PAGE_SIZE.launchpadInProgress).toBe(4);
    expect(STORAGE_KEYS.language).toBe('NFT_LANG_KEY');
    expect(LOCALES).toEqual(['en', 'zh-CN', 'zh-TW', 'ja', 'tr']);
    expect(isLocale('ja')).toBe(true);
    expect(isLocale('fr')).toBe(false);
  });
});

describe('deployments', () => {
  it('accepts a well-formed file and rejects a bad address', () => {
    const ok = {
      chainId: 31337,
      deployedAt: '2026-01-01T00:00:00Z',
      contracts: { StableCoin: { address: '0x' + 'a'.repeat(40), blockNumber: 1 } },
    };
    expect(parseDeployment(ok).contracts.StableCoin?.blockNumber).toBe(1);
    expect(() =>
      parseDeployment({ ...ok, contracts: { X: { address: '0x12', blockNumber: 1 } } }),
    ).toThrow(/address/);
  });
});
