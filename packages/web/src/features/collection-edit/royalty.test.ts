import { describe, expect, it } from 'vitest';
import { royaltyChanged } from './CollectionEditPage';

const OWNER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const OTHER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';

describe('collection edit: the royalty goes on chain only when it changes', () => {
  const held = { receiver: OWNER, rate: 500n, set: true };

  it('skips the transaction when rate and receiver are what the market holds', () => {
    expect(royaltyChanged(held, '5', OWNER.toUpperCase().replace('0X', '0x'))).toBe(false);
    expect(royaltyChanged(held, '5.0', OWNER)).toBe(false);
  });

  it('sends it for another rate or receiver', () => {
    expect(royaltyChanged(held, '6.5', OWNER)).toBe(true);
    expect(royaltyChanged(held, '5', OTHER)).toBe(true);
  });

  it('treats a market without a rate as 0 %', () => {
    const none = { receiver: '0x0000000000000000000000000000000000000000', rate: 0n, set: false };
    expect(royaltyChanged(none, '0', OWNER)).toBe(false);
    expect(royaltyChanged(none, '2.5', OWNER)).toBe(true);
  });

  it("keeps the token contract's ERC-2981 royalty without a transaction; another figure goes on the market", () => {
    const none = { receiver: '0x0000000000000000000000000000000000000000', rate: 0n, set: false };
    const erc2981 = { rate: 500, receiver: OWNER };
    expect(royaltyChanged(none, '5', OWNER, erc2981)).toBe(false);
    // 0 would be a market rate of 0 %, which overrides the 5 % the contract pays.
    expect(royaltyChanged(none, '0', OWNER, erc2981)).toBe(true);
    expect(royaltyChanged(none, '5', OTHER, erc2981)).toBe(true);
    expect(royaltyChanged(none, '2.5', OWNER, erc2981)).toBe(true);
  });
});
