import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiAnswer, mockApi, type SeenCall } from '../../test/api';
import { renderApp } from '../../test/render';
import type { Article, ArticleCategory, ArticleSummary } from './api';

const summary = (id: number, over: Partial<ArticleSummary> = {}): ArticleSummary => ({
  id,
  categoryId: 1,
  title: `Article ${id}`,
  readCount: 1234,
  modifyDate: '2026-03-04T10:00:00.000Z',
  ...over,
});

const category = (id: number, articles: ArticleSummary[]): ArticleCategory => ({
  id,
  inName: `Category ${id}`,
  articleList: articles,
});

/** The first render of a lazy page compiles its chunk: allow for it. */
const slow = { timeout: 8000 };

const article: Article = {
  id: 7,
  categoryId: 2,
  categoryName: 'Buying',
  title: 'How to buy',
  inName: 'How to buy',
  inContent:
    '<h2>Steps</h2><p onclick="alert(1)">Connect a <a href="javascript:alert(1)">wallet</a>.</p><script>window.hacked = 1</script><img src="x" onerror="alert(1)">',
  readCount: 42,
  modifyDate: '2026-03-04T10:00:00.000Z',
  createDate: '2026-01-01T00:00:00.000Z',
};

describe('help centre', () => {
  it('lists categories with their articles: title, read count and date; asks in the interface language', async () => {
    const api = mockApi({
      'GET /v1/api/articles/category/page': {
        records: [
          category(1, [summary(1), summary(2, { readCount: 5 })]),
          category(
            2,
            Array.from({ length: 8 }, (_, i) => summary(10 + i)),
          ),
        ],
        total: 2,
        current: 1,
        size: 10,
      },
    });
    renderApp('/helpcenter');
    const cards = await screen.findAllByTestId('help-category', {}, slow);
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading').textContent).toBe('Category 1');
    const links = within(cards[0]!).getAllByTestId('article-link');
    expect(links[0]!.textContent).toContain('Article 1');
    expect(links[0]!.textContent).toContain('1,234 reads');
    expect(links[0]!.textContent).toContain('Mar 4, 2026');
    // A card shows five articles at most and links to its category page.
    expect(within(cards[1]!).getAllByTestId('article-link')).toHaveLength(5);
    expect(within(cards[1]!).getByTestId('help-category-all').getAttribute('href')).toBe(
      '/article-type/Category%202/2',
    );
    expect(within(cards[0]!).getAllByRole('link')[0]!.getAttribute('href')).toBe(
      '/article-details/Category%201/1',
    );
    expect(api[0]!.query.get('size')).toBe('10');
    expect(api[0]!.query.get('lang')).toBe('en');
  });

  it('shows the empty illustration without categories and a retry on failure', async () => {
    let fail = true;
    mockApi({
      'GET /v1/api/articles/category/page': () => {
        if (fail) throw new ApiAnswer(500, 'Server request exception', 500);
        return { records: [], total: 0, current: 1, size: 10 };
      },
    });
    renderApp('/helpcenter');
    const error = await screen.findByTestId('error-state', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(error).getByTestId('error-retry'));
    expect(await screen.findByTestId('help-empty')).toBeTruthy();
  });

  it('lists a category page with the category id', async () => {
    const api = mockApi({
      'GET /v1/api/articles/page': { records: [summary(3)], total: 1, current: 1, size: 10 },
    });
    renderApp('/article-type/Buying/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Buying' }, slow)).toBeTruthy();
    expect((await screen.findAllByTestId('article-link'))[0]!.textContent).toContain('Article 3');
    const call = api.find((c: SeenCall) => c.path === '/v1/api/articles/page')!;
    expect(call.query.get('categoryId')).toBe('2');
  });

  it('renders an article body as sanitised HTML under breadcrumbs', async () => {
    mockApi({ 'GET /v1/api/articles/7': article });
    renderApp('/article-details/Buying/7');
    const page = await screen.findByTestId('article-details', {}, slow);
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('How to buy');
    expect(page.textContent).toContain('42 reads');
    const body = screen.getByTestId('article-body');
    expect(body.querySelector('h2')?.textContent).toBe('Steps');
    expect(body.querySelector('script')).toBeNull();
    expect(body.innerHTML).not.toContain('onclick');
    expect(body.innerHTML).not.toContain('onerror');
    expect(body.querySelector('a')?.getAttribute('href')).toBeNull();
    expect(within(page).getByRole('link', { name: 'Buying' }).getAttribute('href')).toBe(
      '/article-type/Buying/2',
    );
  });

  it('sends an unknown article and a bad id to /404', async () => {
    mockApi({});
    const { router } = renderApp('/article-details/99');
    await screen.findByTestId('not-found', {}, slow);
    expect(router.state.location.pathname).toBe('/404');
    const second = renderApp('/article-details/abc');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/404'));
  });
});
