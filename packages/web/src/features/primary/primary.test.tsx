import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { mockApi, type SeenCall } from '../../test/api';
import { renderApp } from '../../test/render';
import { itemStatus } from './MarketListPage';
import type { Activity, ActivityItem } from './api';

const activity = (id: number, over: Partial<Activity> = {}): Activity => ({
  id,
  type: 1,
  status: 1,
  countdown: [0, 1, 0, 0],
  inName: `Drop ${id}`,
  inRemark: `Remark ${id}`,
  coverUrl: '/c.png',
  backgroundUrl: '/bg.png',
  price: '10',
  coin: 'USDT',
  totalNum: null,
  buyUrl: 'https://shop.example/buy',
  startTime: Date.UTC(2026, 0, 1),
  endTime: Date.UTC(2026, 1, 1),
  ...over,
});

const item = (nftId: number, over: Partial<ActivityItem> = {}): ActivityItem => ({
  nftId,
  blindBoxId: null,
  name: `Item ${nftId}`,
  tokenId: String(nftId),
  imageUrl: '/i.png',
  num: 10,
  residueNum: 5,
  price: '1',
  coin: 'AIA',
  status: 1,
  contractAddr: null,
  ...over,
});

describe('/primary', () => {
  it('shows sale and item-list activities with ribbon and countdown, and pages on scroll', async () => {
    // One hidden activity (type 0) is left out; the item list (type 2) is shown.
    const all = Array.from({ length: 25 }, (_, i) =>
      activity(i + 1, { status: i % 4, type: i === 1 ? 0 : i === 2 ? 2 : 1 }),
    );
    const api = mockApi({
      'GET /v1/api/activity/page': (call: SeenCall) => {
        const page = Number(call.query.get('page'));
        return { records: all.slice((page - 1) * 20, page * 20), total: all.length };
      },
    });
    renderApp('/primary');
    await waitFor(() => expect(screen.getAllByTestId('activity-card')).toHaveLength(19));
    const first = screen.getAllByTestId('activity-card')[0]!;
    expect(within(first).getByTestId('status-ribbon').textContent).toBe('To begin');
    expect(within(first).getByTestId('countdown').textContent).toBe('0d 01h 00m 00s');
    expect(screen.getAllByTestId('status-ribbon').map((r) => r.textContent)).toContain('Sold out');
    expect(api[0]!.query.get('type')).toBe('1,2');
    expect(api[0]!.query.get('size')).toBe('20');
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(screen.getAllByTestId('activity-card')).toHaveLength(24));
    expect(
      api.filter((c) => c.path === '/v1/api/activity/page').map((c) => c.query.get('page')),
    ).toEqual(['1', '2']);
  });

  it('opens /activityDetail with the id; the detail shows price, a dash for no volume, buy now', async () => {
    mockApi({
      'GET /v1/api/activity/page': { records: [activity(7)], total: 1 },
      'GET /v1/api/activity/detail/7': activity(7),
    });
    const { router } = renderApp('/primary');
    fireEvent.click(await screen.findByTestId('activity-card'));
    const detail = await screen.findByTestId('activity-detail');
    expect(router.state.location.pathname).toBe('/activityDetail');
    expect(router.state.location.search).toBe('?id=7');
    expect(detail.textContent).toContain('Drop 7');
    expect(screen.getByTestId('activity-price').textContent).toBe('10 USDT');
    expect(screen.getByTestId('activity-total').textContent).toBe('-');
    expect(screen.getByTestId('activity-buy').getAttribute('href')).toBe(
      'https://shop.example/buy',
    );
  });

  it('reads the activity id from the URL on reload; unknown ids show a message', async () => {
    mockApi({ 'GET /v1/api/activity/detail/3': activity(3, { totalNum: 500 }) });
    renderApp('/activityDetail?id=3');
    expect((await screen.findByTestId('activity-total')).textContent).toBe('500');
    renderApp('/activityDetail');
    expect(await screen.findByTestId('activity-not-found')).toBeTruthy();
  });

  it('opens an item-list activity from /primary as /marketlist with the header from local storage', async () => {
    mockApi({
      'GET /v1/api/activity/page': { records: [activity(4, { type: 2 })], total: 1 },
      'GET /v1/api/activity/detail/page': {
        records: [item(1), item(2, { residueNum: 0, blindBoxId: 9 })],
        total: 2,
      },
    });
    localStorage.removeItem('primaryActivity');
    const { router } = renderApp('/primary');
    fireEvent.click(await screen.findByTestId('activity-card'));
    const items = await screen.findAllByTestId('marketlist-item');
    expect(router.state.location.pathname).toBe('/marketlist/4/1');
    expect(screen.getByTestId('marketlist-header').textContent).toContain('Drop 4');
    expect(items[0]!.getAttribute('href')).toBe('/primary-details/1/0?activity=4');
    expect(items[1]!.getAttribute('href')).toBe('/primary-details/2/1?activity=4');
    expect(within(items[1]!).getByTestId('status-ribbon').textContent).toBe('Sold out');
    expect(within(items[0]!).getByTestId('status-ribbon').textContent).toBe('In progress');
  });

  it('shows residueNum 0 in a running activity as sold out', () => {
    expect(itemStatus({ residueNum: 0 }, 1)).toBe(3);
    expect(itemStatus({ residueNum: 0 }, 2)).toBe(2);
    expect(itemStatus({ residueNum: 1 }, 1)).toBe(1);
  });
});

describe('/primary-details/{nftId}/{0|1}', () => {
  const items = Array.from({ length: 23 }, (_, i) =>
    item(i + 1, { contractAddr: '0x5fbdb2315678afecb367f032d93f642f64180aa3' }),
  );
  const serveItems = (a: Activity) =>
    mockApi({
      [`GET /v1/api/activity/detail/${a.id}`]: a,
      'GET /v1/api/activity/detail/page': (call: SeenCall) => {
        expect(call.query.get('id')).toBe(String(a.id));
        const page = Number(call.query.get('page'));
        return { records: items.slice((page - 1) * 20, page * 20), total: items.length };
      },
    });

  it('opens from /marketlist and shows the item with the buy link of its activity', async () => {
    serveItems(activity(4));
    const { router } = renderApp('/marketlist/4/1');
    fireEvent.click((await screen.findAllByTestId('marketlist-item', {}, { timeout: 5_000 }))[1]!);
    const page = await screen.findByTestId('primary-item', {}, { timeout: 5_000 });
    expect(router.state.location.pathname).toBe('/primary-details/2/0');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Item 2');
    expect(screen.getByTestId('primary-item-price').textContent).toBe('1 AIA');
    expect(screen.getByTestId('primary-item-left').textContent).toBe('5 / 10 left');
    expect(screen.getByTestId('primary-item-buy').getAttribute('href')).toBe(
      'https://shop.example/buy',
    );
    expect(screen.getByTestId('primary-item-activity').getAttribute('href')).toBe(
      '/marketlist/4/1',
    );
    expect(screen.queryByTestId('primary-item-blind-box')).toBeNull();
  });

  it('finds an item on a later page after a reload (?activity=), and marks a blind box', async () => {
    const calls = serveItems(activity(4));
    renderApp('/primary-details/22/1?activity=4');
    await screen.findByTestId('primary-item', {}, { timeout: 5_000 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Item 22');
    expect(screen.getByTestId('primary-item-blind-box').textContent).toBe('Blind box');
    expect(
      calls
        .filter((c) => c.path === '/v1/api/activity/detail/page')
        .map((c) => c.query.get('page')),
    ).toEqual(['1', '2']);
  });

  it('shows a sold-out item of a running activity without a buy link', async () => {
    items[0] = item(1, { residueNum: 0 });
    serveItems(activity(4));
    renderApp('/primary-details/1/0?activity=4');
    const page = await screen.findByTestId('primary-item', {}, { timeout: 5_000 });
    expect(page.getAttribute('data-status')).toBe('3');
    expect(screen.queryByTestId('primary-item-buy')).toBeNull();
    expect(screen.getByTestId('primary-item-closed').textContent).toBe('Sold out');
    expect(within(page).getByTestId('status-ribbon').textContent).toBe('Sold out');
  });

  it('shows a message for an unknown item, a bad segment or no activity', async () => {
    serveItems(activity(4));
    renderApp('/primary-details/99/0?activity=4');
    expect(await screen.findByTestId('primary-item-not-found')).toBeTruthy();
    cleanup();
    renderApp('/primary-details/1/7?activity=4');
    expect(await screen.findByTestId('primary-item-not-found')).toBeTruthy();
    cleanup();
    renderApp('/primary-details/1/0');
    expect((await screen.findByTestId('primary-item-not-found')).textContent).toBe(
      'This item does not exist',
    );
  });

  it('in Japanese', async () => {
    serveItems(activity(4));
    await setLanguage('ja', { persist: false });
    renderApp('/primary-details/3/1?activity=4');
    await screen.findByTestId('primary-item', {}, { timeout: 5_000 });
    await waitFor(() =>
      expect(screen.getByTestId('primary-item-blind-box').textContent).toBe('ブラインドボックス'),
    );
    expect(screen.getByTestId('primary-item-left').textContent).toBe('残り 5 / 10');
  });
});
