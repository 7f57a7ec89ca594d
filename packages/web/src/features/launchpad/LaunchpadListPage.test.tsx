import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type SeenCall } from '../../test/api';
import { renderApp } from '../../test/render';
import { project } from './fixtures';

const PATH = 'POST /v1/api/collections/getLaunPage';

/** An API with `inProgress` state-1 and `ended` state-2 projects, paged like the server. */
function launchpadApi(inProgress: number, ended: number) {
  const all = [
    ...Array.from({ length: inProgress }, (_, i) => project({ id: i + 1, state: 1 })),
    ...Array.from({ length: ended }, (_, i) =>
      project({ id: 100 + i, state: 2, status: 2, countdown: [0, 0, 0, 0] }),
    ),
  ];
  return mockApi({
    [PATH]: (call: SeenCall) => {
      const { state, page, size } = call.body as { state: number; page: number; size: number };
      const matching = all.filter((p) => p.state === state);
      return { records: matching.slice((page - 1) * size, page * size), total: matching.length };
    },
  });
}

describe('/launchpad', () => {
  it('shows title, both sections, cards and the application block', async () => {
    const api = launchpadApi(2, 1);
    renderApp('/launchpad');
    const inProgress = await screen.findByTestId('launchpad-in-progress', {}, { timeout: 5_000 });
    await waitFor(() =>
      expect(within(inProgress).getAllByTestId('launchpad-card')).toHaveLength(2),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Launchpad');
    const calls = api.filter((c) => c.path === '/v1/api/collections/getLaunPage');
    expect(calls.map((c) => c.body)).toEqual(
      expect.arrayContaining([
        { contractAddr: '', name: '', state: 1, page: 1, size: 4 },
        { contractAddr: '', name: '', state: 2, page: 1, size: 6 },
      ]),
    );
    const card = within(inProgress).getAllByTestId('launchpad-card')[0]!;
    expect(card.textContent).toContain('Project 1');
    expect(card.textContent).toContain('About project 1');
    expect(card.textContent).toContain('Ends in');
    expect(within(card).getByTestId('countdown').textContent).toBe('1d 02h 03m 04s');
    expect(within(card).getByTestId('mint-prices').textContent).toContain('0.01 AIA');
    expect(within(card).getByTestId('mint-prices').textContent).toContain('5 USDT');
    expect(within(card).getByTestId('launchpad-card-details').getAttribute('href')).toBe(
      '/launchpad/1',
    );
    // Ended cards show the mint start in UTC+8.
    const ended = screen.getByTestId('launchpad-ended');
    await waitFor(() => expect(within(ended).getAllByTestId('launchpad-card')).toHaveLength(1));
    expect(within(ended).getByTestId('launchpad-card-start').textContent).toBe(
      'Mint start: 2026-01-01 10:30 (UTC+8)',
    );
    expect(within(ended).queryByTestId('countdown')).toBeNull();
    const apply = screen.getByTestId('launchpad-apply-button');
    expect(apply.getAttribute('target')).toBe('_blank');
    expect(apply.getAttribute('href')).toBe('/helpcenter');
  });

  it('loads more in-progress projects, 4 at a time, while fewer than total are loaded', async () => {
    const api = launchpadApi(9, 0);
    renderApp('/launchpad');
    const section = await screen.findByTestId('launchpad-in-progress');
    await waitFor(() => expect(within(section).getAllByTestId('launchpad-card')).toHaveLength(4));
    fireEvent.click(screen.getByTestId('launchpad-load-more'));
    await waitFor(() => expect(within(section).getAllByTestId('launchpad-card')).toHaveLength(8));
    fireEvent.click(screen.getByTestId('launchpad-load-more'));
    await waitFor(() => expect(within(section).getAllByTestId('launchpad-card')).toHaveLength(9));
    expect(screen.queryByTestId('launchpad-load-more')).toBeNull();
    const pages = api
      .filter((c) => (c.body as { state?: number })?.state === 1)
      .map((c) => (c.body as { page: number }).page);
    expect(pages).toEqual([1, 2, 3]);
    // No ended projects: the empty illustration.
    expect(
      within(screen.getByTestId('launchpad-ended')).getByTestId('launchpad-empty'),
    ).toBeTruthy();
  });

  it('pages the ended projects 6 at a time', async () => {
    launchpadApi(0, 8);
    renderApp('/launchpad');
    const section = await screen.findByTestId('launchpad-ended');
    await waitFor(() => expect(within(section).getAllByTestId('launchpad-card')).toHaveLength(6));
    expect(screen.getByTestId('launchpad-page').textContent).toBe('Page 1 of 2');
    expect((screen.getByTestId('launchpad-prev') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('launchpad-next'));
    await waitFor(() => expect(within(section).getAllByTestId('launchpad-card')).toHaveLength(2));
    expect(screen.getByTestId('launchpad-page').textContent).toBe('Page 2 of 2');
    expect((screen.getByTestId('launchpad-next') as HTMLButtonElement).disabled).toBe(true);
    expect(within(section).getAllByTestId('launchpad-card-name')[0]!.textContent).toBe(
      'Project 106',
    );
    expect(
      within(screen.getByTestId('launchpad-in-progress')).getByTestId('launchpad-empty'),
    ).toBeTruthy();
  });
});
