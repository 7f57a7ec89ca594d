import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountItemsRequest, ActivityPageRequest } from '@aiamarket/shared';
import { mockApi, type SeenCall } from '../../test/api';
import { renderApp } from '../../test/render';
import type { UserProfile } from '../../lib/session';
import type { AccountProfile } from './api';
import { activityVO, cardVO, OWNER, pageOf } from '../../test/browseFixtures';

const slow = { timeout: 8000 };
const body = <T,>(call: SeenCall) => call.body as T;

const profile: UserProfile = {
  id: 1,
  userAddr: OWNER,
  name: 'Alice',
  username: 'Alice',
  email: null,
  bio: 'Collector of rare pirates.\nSecond line.\nThird line.\nFourth line.',
  imageUrl: '/avatar.png',
  headUrl: '/avatar.png',
  bannerUrl: '/banner.png',
  createDate: '2026-01-01T00:00:00.000Z',
};

function stack(over: Record<string, unknown> = {}) {
  return mockApi({
    [`GET /v1/api/user/address/${OWNER}`]: profile,
    'POST /v1/api/nftOrder/selecAssetNftPage': (call: SeenCall) => {
      const { type } = body<AccountItemsRequest>(call);
      return pageOf(
        type === 1 ? [cardVO(9)] : [cardVO(1 + (type ?? 0) * 10), cardVO(2 + (type ?? 0) * 10)],
      );
    },
    'POST /v1/api/transaction/userPage': pageOf([activityVO(2), activityVO(0)]),
    ...over,
  });
}

describe('/account/0/{userAddr}', () => {
  it('shows banner, avatar, name, address with copy and the bio clamped to 3 rows', async () => {
    stack();
    renderApp(`/account/0/${OWNER.toUpperCase().replace('0X', '0x')}`);
    const header = await screen.findByTestId('account-header', {}, slow);
    expect(within(header).getByRole('heading', { level: 1 }).textContent).toBe('Alice');
    expect(screen.getByTestId('account-address').textContent).toBe('0x7099****79c8');
    expect(screen.getByTestId('account-bio').className).toContain('line-clamp-3');
    expect(within(header).getByAltText('Profile picture of Alice')).toBeTruthy();
    expect(screen.getByTestId('account-copy').textContent).toBe('Copy address');
  });

  it('lists collected items (type 0, 24 a page) and favourites (type 1)', async () => {
    const api = stack();
    renderApp(`/account/0/${OWNER}`);
    const collected = await screen.findByTestId('account-collected', {}, slow);
    await waitFor(() => expect(within(collected).getAllByTestId('nft-card')).toHaveLength(2));
    expect(collected.textContent).toContain('2 items');
    const calls = () => api.filter((c) => c.path === '/v1/api/nftOrder/selecAssetNftPage');
    expect(body<AccountItemsRequest>(calls()[0]!)).toEqual({
      userAddr: OWNER,
      type: 0,
      page: 1,
      size: 24,
    });
    fireEvent.click(screen.getByTestId('account-tab-favorited'));
    const favorited = await screen.findByTestId('account-favorited');
    await waitFor(() => expect(within(favorited).getAllByTestId('nft-card')).toHaveLength(1));
    expect(body<AccountItemsRequest>(calls().at(-1)!).type).toBe(1);
  });

  it('maps the activity sub-tabs onto userPage types and selecAssetNftPage types', async () => {
    const api = stack();
    renderApp(`/account/0/${OWNER}?tab=activities`);
    await screen.findByTestId('account-all', {}, slow);
    await waitFor(() => expect(screen.getAllByTestId('account-all-row')).toHaveLength(2));
    const activity = () => api.filter((c) => c.path === '/v1/api/transaction/userPage');
    const items = () => api.filter((c) => c.path === '/v1/api/nftOrder/selecAssetNftPage');
    expect(body<ActivityPageRequest>(activity()[0]!)).toMatchObject({
      userAddr: OWNER,
      types: [],
      size: 20,
    });
    // The "all" view keeps the method filter.
    fireEvent.click(screen.getByTestId('account-all-filter-transfer'));
    await waitFor(() =>
      expect(body<ActivityPageRequest>(activity().at(-1)!).types).toEqual([3, 4, 6, 7, 10]),
    );

    fireEvent.click(screen.getByTestId('account-sub-tab-forSale'));
    await waitFor(() =>
      expect(within(screen.getByTestId('account-forSale')).getAllByTestId('nft-card')).toHaveLength(
        2,
      ),
    );
    expect(body<AccountItemsRequest>(items().at(-1)!).type).toBe(2);

    fireEvent.click(screen.getByTestId('account-sub-tab-selling'));
    await waitFor(() =>
      expect(body<ActivityPageRequest>(activity().at(-1)!)).toMatchObject({
        types: [2],
        role: 'from',
      }),
    );
    expect(screen.queryByTestId('account-selling-filter-all')).toBeNull();

    fireEvent.click(screen.getByTestId('account-sub-tab-pending'));
    await waitFor(() =>
      expect(body<ActivityPageRequest>(activity().at(-1)!).types).toEqual([0, 5]),
    );

    fireEvent.click(screen.getByTestId('account-sub-tab-forceCancel'));
    await waitFor(() => expect(body<AccountItemsRequest>(items().at(-1)!).type).toBe(3));
  }, 20_000);

  it('shows the empty illustration for an account without items', async () => {
    stack({ 'POST /v1/api/nftOrder/selecAssetNftPage': pageOf([]) });
    renderApp(`/account/0/${OWNER}`);
    expect(await screen.findByTestId('account-collected-empty', {}, slow)).toBeTruthy();
  });

  it('shows an address that never signed in but holds NFTs (the owner link of an item page)', async () => {
    const chainOnly: AccountProfile = {
      ...profile,
      id: null,
      name: null,
      username: null,
      bio: null,
      imageUrl: null,
      headUrl: null,
      bannerUrl: null,
      createDate: null,
    };
    stack({ [`GET /v1/api/user/address/${OWNER}`]: chainOnly });
    const { router } = renderApp(`/account/0/${OWNER}`);
    const header = await screen.findByTestId('account-header', {}, slow);
    expect(within(header).getByRole('heading', { level: 1 }).textContent).toBe('0x7099****79c8');
    expect(await screen.findByTestId('account-collected', {}, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/account/0/${OWNER}`);
  });

  it('sends an unknown account and a malformed address to /404', async () => {
    stack({ [`GET /v1/api/user/address/${OWNER}`]: null });
    const { router } = renderApp(`/account/0/${OWNER}`);
    await screen.findByTestId('not-found', {}, slow);
    expect(router.state.location.pathname).toBe('/404');
    const second = renderApp('/account/0/not-an-address');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/404'));
  });
});
