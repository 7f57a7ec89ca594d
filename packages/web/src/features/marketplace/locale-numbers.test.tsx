import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { mockApi } from '../../test/api';
import { order } from '../../test/market-fixtures';
import { renderApp } from '../../test/render';

const page = <T,>(records: T[]) => ({ records, total: records.length, current: 1, size: 30 });

describe('the price filter chip', () => {
  afterEach(() => setLanguage('en', { persist: false }));

  it("shows the applied bounds the interface language's way: 0,01 – 1.000 in Turkish", async () => {
    await setLanguage('tr', { persist: false });
    mockApi({
      'POST /v1/api/nftOrder/page': page([order(1)]),
      'POST /v1/api/nftOrder/getCollectionList': page([]),
    });
    renderApp('/marketplace?min=0.01&max=1000');
    await screen.findAllByTestId('nft-card', {}, { timeout: 5000 });
    const chips = screen.getAllByTestId('filter-chip').map((c) => c.textContent);
    expect(chips).toEqual(['Fiyat 0,01 – 1.000 AIA×']);
  });
});
