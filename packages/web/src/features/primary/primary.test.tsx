import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
  ...over,
});

describe('/primary', () => {
  it('shows type-1 activities with ribbon and countdown, and pages on scroll', async () => {
    const all = Array.from({ length: 25 }, (_, i) =>
      activity(i + 1, { status: i % 4, ...(i === 1 ? { type: 2 } : {}) }),
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
    expect(api[0]!.query.get('type')).toBe('1');
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

  it('opens other activity types as /marketlist with the header from local storage', async () => {
    mockApi({
      'GET /v1/api/activity/page': { records: [activity(4, { type: 1 })], total: 1 },
      'GET /v1/api/activity/detail/page': {
        records: [item(1), item(2, { residueNum: 0, blindBoxId: 9 })],
        total: 2,
      },
    });
    localStorage.setItem(
      'primaryActivity',
      JSON.stringify({ id: 4, inName: 'Drop 4', inRemark: 'Remark 4', coverUrl: '/c.png' }),
    );
    renderApp('/marketlist/4/1');
    const items = await screen.findAllByTestId('marketlist-item');
    expect(screen.getByTestId('marketlist-header').textContent).toContain('Drop 4');
    expect(items[0]!.getAttribute('href')).toBe('/primary-details/1/0');
    expect(items[1]!.getAttribute('href')).toBe('/primary-details/2/1');
    expect(within(items[1]!).getByTestId('status-ribbon').textContent).toBe('Sold out');
    expect(within(items[0]!).getByTestId('status-ribbon').textContent).toBe('In progress');
  });

  it('shows residueNum 0 in a running activity as sold out', () => {
    expect(itemStatus({ residueNum: 0 }, 1)).toBe(3);
    expect(itemStatus({ residueNum: 0 }, 2)).toBe(2);
    expect(itemStatus({ residueNum: 1 }, 1)).toBe(1);
  });
});
