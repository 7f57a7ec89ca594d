import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Location } from 'react-router';
import { renderApp } from '../test/render';

describe('routes', () => {
  // Home is a lazy route: compile it once up front so the first test does not time out on it.
  beforeAll(() => import('../features/home/HomePage'), 30_000);

  it('renders the shell and the home page at /', async () => {
    renderApp('/');
    expect(await screen.findByTestId('home-hero')).toBeTruthy();
    expect(screen.getByTestId('topbar')).toBeTruthy();
    expect(screen.getByTestId('footer')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBe(screen.getByTestId('footer'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Discover, collect and trade game NFTs',
    );
    expect(screen.getByTestId('home-domain-notice').textContent).toContain(
      'Make sure you are visiting the official domain',
    );
    expect(screen.getAllByTestId(/^home-feature-/)).toHaveLength(3);
    expect(screen.getByTestId('nav-home').getAttribute('aria-current')).toBe('page');
  });

  it('sends unknown paths home', async () => {
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByTestId('home-hero')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('renders the not-found page at /404 with an image and a link home', async () => {
    const { router } = renderApp('/404');
    const page = await screen.findByTestId('not-found');
    expect(page.textContent).toContain('Sorry, the page you visited does not exist.');
    expect(within(page).getByRole('img')).toBeTruthy();
    fireEvent.click(within(page).getByTestId('not-found-home'));
    expect(await screen.findByTestId('home-hero')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens /privacy from the footer with the link source in the navigation state', async () => {
    const { router } = renderApp('/');
    await screen.findByTestId('home-hero');
    const seen: Location[] = [];
    const unsubscribe = router.subscribe((state) => seen.push(state.location));
    for (const [id, source] of [
      ['footer-terms', 'help'],
      ['footer-service', 'service'],
      ['footer-privacy', 'policy'],
    ] as const) {
      fireEvent.click(screen.getByTestId(id));
      // The router commits a new location once its page (a lazy chunk) is ready.
      await waitFor(() =>
        expect(seen.some((l) => l.pathname === '/privacy' && l.state?.source === source)).toBe(
          true,
        ),
      );
    }
    unsubscribe();
  });

  it('scrolls to the top on every route change', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderApp('/404');
    await screen.findByTestId('not-found');
    scrollTo.mockClear();
    await act(() => router.navigate('/'));
    await screen.findByTestId('home-hero');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
