import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, type SeenCall } from '../../test/api';
import { rankingRow } from '../../test/market-fixtures';
import { renderApp } from '../../test/render';

const calls = (seen: SeenCall[]) =>
  seen
    .filter((c) => c.path === '/v1/api/collections/ranking')
    .map((c) => `${c.query.get('window')}:${c.query.get('page')}:${c.query.get('size')}`);

describe('/rankings', () => {
  beforeAll(() => import('./RankingsPage'), 30_000);

  it('switches windows and pages 20 rows at a time', async () => {
    const seen = mockApi({
      'GET /v1/api/collections/ranking': (call: SeenCall) => {
        const p = Number(call.query.get('page'));
        const rows = Array.from({ length: 20 }, (_, i) => rankingRow((p - 1) * 20 + i + 1));
        return { records: rows, total: 45, current: p, size: 20 };
      },
    });
    const { router } = renderApp('/rankings');
    await waitFor(() => expect(screen.getAllByTestId('ranking-row')).toHaveLength(20), {
      timeout: 5000,
    });
    const first = within(screen.getAllByTestId('ranking-row')[0]!).getAllByRole('cell');
    expect(first[0]!.textContent).toBe('1');
    expect(first[1]!.textContent).toBe('1.23M');
    expect(first[2]!.textContent).toBe('+12.5%');
    expect(screen.getByTestId('rankings-pager').textContent).toContain('Page 1 of 3');
    fireEvent.click(screen.getByTestId('rankings-next'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() =>
      expect(screen.getAllByTestId('ranking-row')[0]!.textContent).toContain('Ranked 21'),
    );
    fireEvent.click(screen.getByTestId('rankings-tab-30d'));
    await waitFor(() => expect(router.state.location.search).toBe('?window=30d'));
    await waitFor(() => expect(calls(seen)).toContain('30d:1:20'));
    expect(calls(seen).slice(0, 2)).toEqual(['7d:1:20', '7d:2:20']);
  });

  it('opens the collection from anywhere on its row', async () => {
    mockApi({
      'GET /v1/api/collections/ranking': {
        records: [rankingRow(1), rankingRow(2)],
        total: 2,
        current: 1,
        size: 20,
      },
    });
    const { router } = renderApp('/rankings');
    await waitFor(() => expect(screen.getAllByTestId('ranking-row')).toHaveLength(2), {
      timeout: 5000,
    });
    fireEvent.click(within(screen.getAllByTestId('ranking-row')[1]!).getByTestId('ranking-volume'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection/ranked-2'));
  });

  it('names the reference unit in the headers and shows the per-coin parts on hover', async () => {
    const USDT = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
    mockApi({
      'GET /v1/api/collections/ranking': {
        records: [
          rankingRow(1, {
            volume: '0.18',
            lowestPrice: '0.06',
            volumeParts: [
              {
                currency: '0x0000000000000000000000000000000000000000',
                symbol: 'AIA',
                amount: '0.1',
              },
              { currency: USDT, symbol: 'USDT', amount: '4' },
            ],
            lowestPriceParts: [{ currency: USDT, symbol: 'USDT', amount: '3' }],
          }),
        ],
        total: 1,
        current: 1,
        size: 20,
      },
    });
    renderApp('/rankings');
    await waitFor(() => expect(screen.getAllByTestId('ranking-row')).toHaveLength(1), {
      timeout: 5000,
    });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('Volume (AIA)');
    expect(headers).toContain('Floor price (AIA)');
    expect(screen.getByTestId('ranking-volume').textContent).toBe('0.18');
    expect(screen.getByTestId('ranking-volume').getAttribute('title')).toBe('0.1 AIA + 4 USDT');
    expect(screen.getByTestId('ranking-floor').getAttribute('title')).toBe('3 USDT');
  });

  it('keeps the decimals of volumes under a thousand', async () => {
    mockApi({
      'GET /v1/api/collections/ranking': {
        records: [rankingRow(1, { volume: '999.6' }), rankingRow(2, { volume: '0.35' })],
        total: 2,
        current: 1,
        size: 20,
      },
    });
    renderApp('/rankings');
    await waitFor(() => expect(screen.getAllByTestId('ranking-row')).toHaveLength(2), {
      timeout: 5000,
    });
    const volume = (i: number) =>
      within(screen.getAllByTestId('ranking-row')[i]!).getAllByRole('cell')[1]!.textContent;
    expect(volume(0)).toBe('999.6');
    expect(volume(1)).toBe('0.35');
  });

  it('has no pager under 20 rows and an empty state', async () => {
    mockApi({ 'GET /v1/api/collections/ranking': { records: [], total: 0, current: 1, size: 20 } });
    renderApp('/rankings?window=1d');
    expect(await screen.findByTestId('rankings-empty', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('rankings-pager')).toBeNull();
    expect(screen.getByTestId('rankings-tab-1d').getAttribute('aria-selected')).toBe('true');
  });
});
