import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@aiamarket/shared';
import { mockApi, type SeenCall } from '../../test/api';
import { CONTRACT, OWNER } from '../../test/market-fixtures';
import { renderApp } from '../../test/render';

const RESULT: SearchResult = {
  collectionList: [
    { id: 1, name: 'Sky Knights', headUrl: null, nftSum: 12, linkCollection: 'sky-knights' },
  ],
  nftList: [{ tokenId: '7', contractAddr: CONTRACT, name: 'Knight 7', imageUrl: null }],
  userList: [{ userAddr: OWNER, username: 'knightmaster', imageUrl: null }],
};

const searches = (seen: SeenCall[]) =>
  seen
    .filter((c) => c.path === '/v1/api/nft/homeSearchPage')
    .map((c) => (c.body as { keyWord: string }).keyWord);

const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

function type(value: string) {
  fireEvent.change(screen.getByTestId('global-search'), { target: { value } });
}

describe('global search', () => {
  it('waits for 3 characters and 200 ms of quiet, then asks once', async () => {
    const seen = mockApi({ 'POST /v1/api/nft/homeSearchPage': RESULT });
    renderApp('/');
    await screen.findByTestId('global-search');
    type('kn');
    expect((await screen.findByTestId('search-status')).textContent).toBe(
      'Type at least 3 characters',
    );
    await wait(300);
    expect(searches(seen)).toEqual([]);
    type('kni');
    await wait(100);
    type('knig');
    await wait(100);
    expect(searches(seen)).toEqual([]);
    await waitFor(() => expect(searches(seen)).toEqual(['knig']));
    await wait(300);
    expect(searches(seen)).toEqual(['knig']);
  });

  it("counts a collection's items in the interface language, singular for one", async () => {
    mockApi({
      'POST /v1/api/nft/homeSearchPage': {
        ...RESULT,
        collectionList: [
          { id: 1, name: 'Sky Knights', headUrl: null, nftSum: 1, linkCollection: 'sky' },
          { id: 2, name: 'Sea Knights', headUrl: null, nftSum: 12345, linkCollection: 'sea' },
        ],
      },
    });
    renderApp('/');
    await screen.findByTestId('global-search');
    type('knight');
    await screen.findAllByTestId('search-option');
    const group = screen.getByTestId('search-group-collections').textContent;
    expect(group).toContain('1 item');
    expect(group).not.toContain('1 items');
    expect(group).toContain('12.34K items');
  });

  it('groups results and opens them with the keyboard', async () => {
    mockApi({ 'POST /v1/api/nft/homeSearchPage': RESULT });
    const { router } = renderApp('/');
    await screen.findByTestId('global-search');
    type('knight');
    await screen.findAllByTestId('search-option');
    expect(screen.getByTestId('search-group-collections').textContent).toContain('Sky Knights');
    expect(screen.getByTestId('search-group-items').textContent).toContain('Knight 7');
    expect(screen.getByTestId('search-group-accounts').textContent).toContain('knightmaster');
    const input = screen.getByTestId('global-search');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(
      screen.getAllByTestId('search-option')[1]!.id,
    );
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/asset'));
    expect(router.state.location.state).toEqual({ tokenId: '7', contractAddr: CONTRACT });
    expect(router.state.location.search).toBe(`?tokenId=7&contractAddr=${CONTRACT}`);
  });

  it('sends collections and accounts where the spec says', async () => {
    mockApi({ 'POST /v1/api/nft/homeSearchPage': RESULT });
    const { router } = renderApp('/');
    await screen.findByTestId('global-search');
    type('knight');
    fireEvent.click((await screen.findAllByTestId('search-option'))[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection/sky-knights'));
    type('knight');
    const input = screen.getByTestId('global-search');
    fireEvent.focus(input);
    await screen.findAllByTestId('search-option');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/account/0/${OWNER}`));
  });

  it('says when nothing matches, and Escape closes the results', async () => {
    mockApi({
      'POST /v1/api/nft/homeSearchPage': { collectionList: [], nftList: [], userList: [] },
    });
    renderApp('/');
    await screen.findByTestId('global-search');
    type('zzzz');
    expect(await screen.findByText('Nothing found')).toBeTruthy();
    fireEvent.keyDown(screen.getByTestId('global-search'), { key: 'Escape' });
    expect(screen.getByTestId('global-search').getAttribute('aria-expanded')).toBe('false');
  });
});
