import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { LiveEventVO, OrderVO } from '@aiamarket/shared';
import { createQueryClient } from '../../../app/Providers';
import { orderStates } from '../../../lib/live';
import { saveSession } from '../../../lib/session';
import { OWNER, order } from '../../../test/market-fixtures';
import { OrderActions } from './OrderActions';

/** The order event the feed sends when the listing changes (the row's columns). */
function orderEvent(o: OrderVO, status: number, op: LiveEventVO['op'] = 'update'): LiveEventVO {
  return {
    id: '1',
    kind: 'order',
    op,
    topics: [],
    data: {
      marketAddr: o.marketAddr,
      orderId: o.orderId,
      contractAddr: o.contractAddr,
      tokenId: o.tokenId,
      ownerAddr: o.ownerAddr,
      status,
      leftAmount: status === 1 ? '0' : o.leftAmount,
    },
    blockNumber: 9,
    at: '2026-01-01T00:00:00Z',
  };
}

function show(o: OrderVO) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OrderActions order={o} onOpen={() => undefined} />
    </QueryClientProvider>,
  );
}

// A page still showing a listing the stream says has ended offers no action on it.
describe('a listing ended on the stream', () => {
  it('Buy turns into a disabled Sold at once; relisted, Buy is back', () => {
    const o = order(701);
    show(o);
    expect(screen.getByTestId('action-buy')).toBeTruthy();
    act(() => orderStates.apply(orderEvent(o, 1)));
    expect(screen.queryByTestId('action-buy')).toBeNull();
    const sold = screen.getByTestId('action-sold') as HTMLButtonElement;
    expect(sold.disabled).toBe(true);
    expect(sold.textContent).toBe('Sold');
    act(() => orderStates.apply(orderEvent(o, 0)));
    expect(screen.getByTestId('action-buy')).toBeTruthy();
  });

  it('a cancelled or removed listing says it is no longer listed', () => {
    const o = order(702);
    show(o);
    act(() => orderStates.apply(orderEvent(o, 2)));
    expect(screen.getByTestId('action-sold').textContent).toBe('No longer listed');
    const other = order(703);
    act(() => orderStates.apply(orderEvent(other, 0, 'delete')));
    expect(orderStates.goneOf(other)).toBe('unavailable');
  });

  it("the seller's Cancel and Update price disappear", () => {
    saveSession({ token: 't', address: OWNER, wallet: 'io.metamask', walletName: 'MetaMask' });
    const o = order(704);
    show(o);
    expect(screen.getByTestId('action-cancel')).toBeTruthy();
    expect(screen.getByTestId('action-update-price')).toBeTruthy();
    act(() => orderStates.apply(orderEvent(o, 1)));
    expect(screen.queryByTestId('action-cancel')).toBeNull();
    expect(screen.queryByTestId('action-update-price')).toBeNull();
    expect(screen.queryByTestId('action-sold')).toBeNull();
  });
});
