import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActivityPageRequest, CollectionItemsRequest } from '@aiamarket/shared';
import { mockApi, type SeenCall } from '../../test/api';
import { renderApp } from '../../test/render';
import { activityVO, cardVO, collectionVO, CONTRACT, pageOf } from '../../test/browseFixtures';

const body = <T,>(call: SeenCall) => call.body as T;
/** The first render of a lazy page compiles its chunk: allow for it. */
const slow = { timeout: 8000 };

function stack(over: Record<string, unknown> = {}) {
  return mockApi({
    'GET /v1/api/collections/link': collectionVO(),
    'POST /v1/api/nft/findPageByCollectionId': (call: SeenCall) => {
      const req = body<CollectionItemsRequest>(call);
      const all = Array.from({ length: 45 }, (_, i) => cardVO(i + 1));
      const page = req.page ?? 1;
      return pageOf(all.slice((page - 1) * 20, page * 20), all.length);
    },
    'GET /v1/api/nftAttrCategory/getParentPage': [],
    'POST /v1/api/transaction/page': (call: SeenCall) =>
      pageOf(
        body<ActivityPageRequest>(call).types?.includes(3)
          ? [activityVO(3), activityVO(7)]
          : [activityVO(0), activityVO(2), activityVO(3)],
      ),
    ...over,
  });
}

describe('/collection/{linkCollection}', () => {
  it('shows the header: banner, picture, name, description, safe links and the five figures', async () => {
    const api = stack();
    renderApp('/collection/space-pirates');
    const header = await screen.findByTestId('collection-header', {}, slow);
    expect(api[0]!.query.get('linkCollection')).toBe('space-pirates');
    expect(within(header).getByRole('heading', { level: 1 }).textContent).toBe('Space Pirates');
    expect(screen.getByTestId('collection-description').textContent).toBe(
      'Pirates who sail between the stars.',
    );
    expect(screen.getByTestId('collection-description').className).toContain('line-clamp-1');
    expect(screen.getByTestId('collection-link-website').getAttribute('href')).toBe(
      'https://pirates.example/',
    );
    expect(screen.getByTestId('collection-link-twitter')).toBeTruthy();
    // A stored javascript: link is not shown.
    expect(screen.queryByTestId('collection-link-instagram')).toBeNull();
    const stat = (id: string) => screen.getByTestId(`collection-stat-${id}`).textContent;
    expect(stat('floor')).toContain('0.1235');
    expect(stat('volume')).toContain('1.23M');
    expect(stat('items')).toContain('10K');
    expect(stat('owners')).toContain('321');
    expect(stat('listed')).toContain('12');
    expect(screen.queryByTestId('collection-edit')).toBeNull();
  });

  it('shows floor and volume in the reference unit with the per-coin parts below and on hover', async () => {
    const AIA = '0x0000000000000000000000000000000000000000';
    const USDT = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
    stack({
      'GET /v1/api/collections/link': collectionVO({
        lowestPrice: '0.06',
        totalTransaction: '0.18',
        coinParts: {
          lowestPrice: [
            { currency: AIA, symbol: 'AIA', amount: '0.1' },
            { currency: USDT, symbol: 'USDT', amount: '3' },
          ],
          totalTransaction: [
            { currency: AIA, symbol: 'AIA', amount: '0.1' },
            { currency: USDT, symbol: 'USDT', amount: '129.76' },
          ],
          day1totalTransaction: [],
          day7totalTransaction: [],
          day30totalTransaction: [],
        },
      }),
    });
    renderApp('/collection/space-pirates');
    await screen.findByTestId('collection-header', {}, slow);
    const volume = screen.getByTestId('collection-stat-volume');
    expect(within(volume).getAllByRole('definition')[0]!.textContent).toBe('0.18 AIA');
    const parts = screen.getByTestId('collection-stat-volume-parts');
    expect(parts.textContent).toBe('0.1 AIA + 129.76 USDT');
    expect(parts.getAttribute('title')).toBe('0.1 AIA + 129.76 USDT');
    expect(screen.getByTestId('collection-stat-floor-parts').textContent).toBe('0.1 AIA · 3 USDT');
  });

  it('adds no parts line when everything was paid in the reference coin', async () => {
    stack({
      'GET /v1/api/collections/link': collectionVO({
        coinParts: {
          lowestPrice: [],
          totalTransaction: [
            { currency: '0x0000000000000000000000000000000000000000', symbol: 'AIA', amount: '3' },
          ],
          day1totalTransaction: [],
          day7totalTransaction: [],
          day30totalTransaction: [],
        },
      }),
    });
    renderApp('/collection/space-pirates');
    await screen.findByTestId('collection-header', {}, slow);
    expect(screen.queryByTestId('collection-stat-volume-parts')).toBeNull();
    expect(screen.queryByTestId('collection-stat-floor-parts')).toBeNull();
  });

  it('shows the background as the banner, the head as the picture and the cover, in fixed boxes', async () => {
    stack();
    renderApp('/collection/space-pirates');
    const header = await screen.findByTestId('collection-header', {}, slow);
    const banner = within(header).getByTestId('collection-banner');
    expect(banner.getAttribute('src')).toBe('/bg.png');
    expect(banner.parentElement!.className).toContain('aspect-[1900/350]');
    const picture = within(header).getByRole('img', { name: 'Space Pirates collection picture' });
    expect(picture.getAttribute('src')).toBe('/head.png');
    const cover = within(header).getByRole('img', { name: 'Space Pirates collection cover' });
    expect(cover.getAttribute('src')).toBe('/cover.png');
    expect(cover.className).toContain('aspect-[3/2]');
    expect([cover.getAttribute('width'), cover.getAttribute('height')]).toEqual(['600', '400']);
  });

  it('uses the cover as the banner when there is no background, and shows it once', async () => {
    stack({ 'GET /v1/api/collections/link': collectionVO({ backgroundUrl: null }) });
    renderApp('/collection/space-pirates');
    const header = await screen.findByTestId('collection-header', {}, slow);
    expect(within(header).getByTestId('collection-banner').getAttribute('src')).toBe('/cover.png');
    expect(within(header).queryByTestId('collection-cover')).toBeNull();
  });

  it('lists the goods 20 a page with the collection id, and filters by status', async () => {
    const api = stack();
    renderApp('/collection/space-pirates');
    await waitFor(() => expect(screen.getAllByTestId('nft-card')).toHaveLength(20), slow);
    const calls = () => api.filter((c) => c.path === '/v1/api/nft/findPageByCollectionId');
    expect(body<CollectionItemsRequest>(calls()[0]!)).toMatchObject({
      collectionId: 3,
      page: 1,
      size: 20,
      showType: 0,
      sort: 0,
    });
    // happy-dom has no layout: the page bottom is always in view, so the scroll loads on.
    await waitFor(() => expect(screen.getAllByTestId('nft-card')).toHaveLength(45));
    expect(calls().map((c) => body<CollectionItemsRequest>(c).page)).toEqual([1, 2, 3]);
    fireEvent.click(screen.getByTestId('goods-status-1'));
    await waitFor(() => expect(body<CollectionItemsRequest>(calls().at(-1)!).showType).toBe(1));
    expect(await screen.findByTestId('filter-chips')).toBeTruthy();
    fireEvent.change(screen.getByTestId('goods-sort'), { target: { value: '2' } });
    await waitFor(() => expect(body<CollectionItemsRequest>(calls().at(-1)!).sort).toBe(2));
    fireEvent.click(screen.getByTestId('filter-clear-all'));
    await waitFor(() => expect(body<CollectionItemsRequest>(calls().at(-1)!).showType).toBe(0));
  }, 20_000);

  it('shows the empty illustration when no item matches', async () => {
    stack({ 'POST /v1/api/nft/findPageByCollectionId': pageOf([]) });
    renderApp('/collection/space-pirates');
    expect(await screen.findByTestId('goods-empty')).toBeTruthy();
  });

  it('lists activities of the contract; the transfer filter asks for every transfer kind', async () => {
    const api = stack();
    renderApp('/collection/space-pirates?tab=activities');
    const table = await screen.findByTestId('collection-activity');
    await waitFor(() =>
      expect(within(table).getAllByTestId('collection-activity-row')).toHaveLength(3),
    );
    const rows = within(table).getAllByTestId('collection-activity-row');
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual([
      'Listing',
      'Sale',
      'Transfer',
    ]);
    expect(rows[1]!.textContent).toContain('1.2346 AIA');
    expect(rows[1]!.textContent).toContain('alice');
    expect(rows[1]!.textContent).toContain('3 minutes ago');
    const calls = () => api.filter((c) => c.path === '/v1/api/transaction/page');
    expect(body<ActivityPageRequest>(calls()[0]!)).toMatchObject({
      contractAddr: CONTRACT,
      types: [],
      page: 1,
      size: 20,
    });
    fireEvent.click(screen.getByTestId('collection-activity-filter-transfer'));
    await waitFor(() =>
      expect(body<ActivityPageRequest>(calls().at(-1)!).types).toEqual([3, 4, 6, 7, 10]),
    );
    await waitFor(() =>
      expect(within(table).getAllByTestId('collection-activity-row')).toHaveLength(2),
    );
    expect(
      screen.getByTestId('collection-activity-filter-transfer').getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(screen.getByTestId('collection-activity-filter-trade'));
    await waitFor(() =>
      expect(body<ActivityPageRequest>(calls().at(-1)!).types).toEqual([2, 3, 4, 6, 7, 10]),
    );
  });

  it('moves between tabs with the arrow keys', async () => {
    stack();
    const { router } = renderApp('/collection/space-pirates');
    const goods = await screen.findByTestId('collection-tab-goods');
    expect(goods.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(goods, { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=activities'));
    expect(screen.getByTestId('collection-tab-activities').getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(document.activeElement).toBe(screen.getByTestId('collection-tab-activities'));
  });

  it('sends an unknown collection to /404', async () => {
    stack({ 'GET /v1/api/collections/link': null });
    const { router } = renderApp('/collection/nope');
    await screen.findByTestId('not-found');
    expect(router.state.location.pathname).toBe('/404');
  });
});
