import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { ApiAnswer, mockApi } from '../../test/api';
import { CONTRACT, collection, rankingRow } from '../../test/market-fixtures';
import { renderApp } from '../../test/render';
import type { BannerVO } from './api';
import { bannerTarget } from './bannerTarget';
import { rotate } from './FeaturedCarousel';

const banner = (type: number, over: Partial<BannerVO> = {}): BannerVO => ({
  id: type + 1,
  type,
  imageUrl: `/b${type}.png`,
  title: `Banner ${type}`,
  articleId: null,
  activityId: null,
  linkCollection: null,
  tokenId: null,
  contractAddr: null,
  sort: type,
  ...over,
});

/** The home page with two featured collections and no banner or ranking; its featured row. */
async function renderFeaturedOnly() {
  mockApi({
    'GET /v1/api/collections/banner': { records: [], total: 0 },
    'GET /v1/api/collections/recommend': [collection(1), collection(2)],
    'GET /v1/api/collections/collectionCount': { records: [], total: 0, current: 1, size: 5 },
  });
  renderApp('/');
  return screen.findByTestId('home-featured', {}, { timeout: 5000 });
}

describe('home', () => {
  beforeAll(() => import('./HomePage'), 30_000);

  it('sends each banner type to its target', () => {
    expect(bannerTarget(banner(0, { articleId: 4 }))).toEqual({ to: '/article-details/4' });
    expect(bannerTarget(banner(1, { activityId: 9 }))).toEqual({
      to: '/activityDetail?id=9',
      state: { id: 9 },
    });
    expect(bannerTarget(banner(2, { linkCollection: 'sky' }))).toEqual({ to: '/collection/sky' });
    expect(bannerTarget(banner(3, { tokenId: '5', contractAddr: CONTRACT }))).toEqual({
      to: `/asset?tokenId=5&contractAddr=${CONTRACT}`,
      state: { tokenId: '5', contractAddr: CONTRACT },
    });
    expect(bannerTarget(banner(2))).toBeNull();
  });

  it('rotates the featured collections', () => {
    expect(rotate([1, 2, 3], 1)).toEqual([2, 3, 1]);
    expect(rotate([1, 2, 3], -1)).toEqual([3, 1, 2]);
  });

  it('shows banners, featured collections moving every 2.5 s until hovered, and 5 ranking rows', async () => {
    const seen = mockApi({
      'GET /v1/api/collections/banner': {
        records: [banner(2, { linkCollection: 'sky' })],
        total: 1,
      },
      'GET /v1/api/collections/recommend': Array.from({ length: 6 }, (_, i) => collection(i + 1)),
      'GET /v1/api/collections/collectionCount': {
        records: Array.from({ length: 5 }, (_, i) => rankingRow(i + 1)),
        total: 5,
        current: 1,
        size: 5,
      },
    });
    const { router } = renderApp('/');
    await waitFor(() => expect(screen.getAllByTestId('ranking-row')).toHaveLength(5), {
      timeout: 5000,
    });
    expect(
      seen.find((c) => c.path === '/v1/api/collections/collectionCount')!.query.get('size'),
    ).toBe('5');
    const featured = await screen.findByTestId('home-featured');
    const firstName = () => screen.getAllByTestId('home-featured-card')[0]!.textContent;
    expect(firstName()).toContain('Collection 1');
    expect(featured.dataset.playing).toBe('true');
    await act(() => new Promise((r) => setTimeout(r, 2700)));
    expect(firstName()).toContain('Collection 2');
    fireEvent.mouseEnter(featured);
    expect(featured.dataset.playing).toBe('false');
    fireEvent.click(screen.getByTestId('home-banner').querySelector('a')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection/sky'));
  }, 15_000);

  it('shows the error state with a retry when the banners fail, not the welcome', async () => {
    let fail = true;
    mockApi({
      'GET /v1/api/collections/banner': () => {
        if (fail) throw new ApiAnswer(500, 'Server request exception', 500);
        return { records: [banner(2, { linkCollection: 'sky' })], total: 1 };
      },
      'GET /v1/api/collections/recommend': [],
      'GET /v1/api/collections/collectionCount': { records: [], total: 0, current: 1, size: 5 },
    });
    renderApp('/');
    const hero = await screen.findByTestId('home-hero', {}, { timeout: 5000 });
    const error = await within(hero).findByTestId('error-state', {}, { timeout: 5000 });
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('Server request exception');
    expect(screen.queryByTestId('home-welcome')).toBeNull();
    // The page keeps its heading while the banners are missing.
    expect(within(hero).getByRole('heading', { level: 1 }).textContent).toBe(
      i18n.t('home.hero.title'),
    );
    fail = false;
    fireEvent.click(within(hero).getByTestId('error-retry'));
    expect(await within(hero).findByTestId('home-banner')).toBeTruthy();
    expect(within(hero).queryByTestId('error-state')).toBeNull();
  });

  it('does not move for visitors who ask for reduced motion', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList,
    );
    const featured = await renderFeaturedOnly();
    expect(featured.dataset.playing).toBe('false');
    expect(screen.getByTestId('home-welcome')).toBeTruthy();
  });

  it('stops when the visitor turns reduced motion on while it plays', async () => {
    let reduce = false;
    const listeners = new Set<() => void>();
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          get matches() {
            return query.includes('reduce') && reduce;
          },
          media: query,
          addEventListener: (_: string, l: () => void) => listeners.add(l),
          removeEventListener: (_: string, l: () => void) => listeners.delete(l),
        }) as unknown as MediaQueryList,
    );
    const featured = await renderFeaturedOnly();
    expect(featured.dataset.playing).toBe('true');
    reduce = true;
    act(() => listeners.forEach((l) => l()));
    expect(featured.dataset.playing).toBe('false');
  });
});
