import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../app/Providers';
import { LAYOUT } from '@aiamarket/shared';
import { TopBar, NAV_ITEMS } from './TopBar';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

function renderTopBar() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <TopBar />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('TopBar', () => {
  afterEach(() => scrollTo(0));

  it('is transparent at the top and at exactly 10 px, dark after', () => {
    expect(LAYOUT.topBarDarkAfterPx).toBe(10);
    renderTopBar();
    const bar = screen.getByTestId('topbar');
    expect(bar.dataset.scrolled).toBe('false');
    expect(bar.className).toContain('bg-transparent');

    scrollTo(10);
    expect(bar.dataset.scrolled).toBe('false');
    expect(bar.className).toContain('bg-transparent');

    scrollTo(11);
    expect(bar.dataset.scrolled).toBe('true');
    expect(bar.className).toContain('bg-ink-950/95');
    expect(bar.className).not.toContain('bg-transparent');

    scrollTo(0);
    expect(bar.dataset.scrolled).toBe('false');
  });

  it('links every section with stable test ids', () => {
    renderTopBar();
    const hrefs = NAV_ITEMS.map((item) =>
      screen.getByTestId(`nav-${item.name}`).getAttribute('href'),
    );
    expect(hrefs).toEqual([
      '/',
      '/primary',
      '/marketplace',
      '/rankings',
      '/launchpad',
      '/helpcenter',
    ]);
    expect(screen.getByTestId('nav-helpcenter').textContent).toBe('Help center');
    expect(screen.getByRole('banner')).toBe(screen.getByTestId('topbar'));
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });

  it('folds the links into a menu button on small screens', () => {
    renderTopBar();
    const button = screen.getByTestId('nav-menu-button');
    const nav = document.getElementById('main-nav')!;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(nav.className).toMatch(/(^| )hidden( |$)/);
    act(() => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Close menu');
    expect(nav.className).toMatch(/(^| )block( |$)/);
    act(() => screen.getByTestId('nav-marketplace').click());
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
