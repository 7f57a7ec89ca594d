import { describe, expect, it } from 'vitest';
import { visibleActions } from './visibility';

const SELLER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const listed = { ownerAddr: SELLER, status: 0 };

describe('who sees which trading button', () => {
  it('shows the listing owner Cancel and Update price, not Buy', () => {
    const v = visibleActions({
      order: listed,
      viewer: SELLER.toUpperCase().replace('0X', '0x'),
      held: 1,
      contractType: 'ERC721',
    });
    expect(v).toEqual({ buy: false, cancel: true, updatePrice: true, sell: false, transfer: true });
  });

  it('shows anyone else Buy on a listed order', () => {
    expect(
      visibleActions({ order: listed, viewer: OTHER, held: 0, contractType: 'ERC721' }),
    ).toEqual({ buy: true, cancel: false, updatePrice: false, sell: false, transfer: false });
    // Signed out: Buy too (it opens the sign-in prompt).
    expect(
      visibleActions({ order: listed, viewer: null, held: 0, contractType: 'ERC721' }).buy,
    ).toBe(true);
  });

  it('hides Buy for an order that is not listed', () => {
    for (const status of [1, 2, 3]) {
      const v = visibleActions({
        order: { ownerAddr: SELLER, status },
        viewer: OTHER,
        held: 0,
        contractType: 'ERC721',
      });
      expect(v.buy, `status ${status}`).toBe(false);
      expect(v.cancel).toBe(false);
    }
  });

  it('shows holders Sell and Transfer', () => {
    expect(visibleActions({ order: null, viewer: OTHER, held: 1, contractType: 'ERC721' })).toEqual(
      { buy: false, cancel: false, updatePrice: false, sell: true, transfer: true },
    );
    expect(
      visibleActions({ order: null, viewer: OTHER, held: 0, contractType: 'ERC721' }).sell,
    ).toBe(false);
    expect(
      visibleActions({ order: null, viewer: null, held: 3, contractType: 'ERC1155' }).sell,
    ).toBe(false);
  });

  it('lets an ERC1155 seller list more while their listing stands', () => {
    const v = visibleActions({ order: listed, viewer: SELLER, held: 5, contractType: 'ERC1155' });
    expect(v.sell).toBe(true);
    expect(v.cancel).toBe(true);
    expect(v.buy).toBe(false);
  });

  it('lets a holder buy from another seller', () => {
    const v = visibleActions({ order: listed, viewer: OTHER, held: 2, contractType: 'ERC1155' });
    expect(v).toEqual({ buy: true, cancel: false, updatePrice: false, sell: true, transfer: true });
  });
});
