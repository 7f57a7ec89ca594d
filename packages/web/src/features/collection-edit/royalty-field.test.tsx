import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/Providers';
import { setLanguage } from '../../i18n';
import { mockApi } from '../../test/api';
import { collection } from '../../test/market-fixtures';
import { CollectionEditForm } from './CollectionEditPage';

// The royalty box starts with the royalty as the reader would type it.
describe('the royalty box of the collection edit form', () => {
  it.each([
    ['en', '2.5'],
    ['tr', '2,5'],
  ] as const)('shows 2.5 %% in %s as "%s"', async (locale, shown) => {
    await setLanguage(locale, { persist: false });
    mockApi({});
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <CollectionEditForm collection={collection(1, { royalty: 2.5 })} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect((screen.getByTestId('collection-edit-royalty') as HTMLInputElement).value).toBe(shown);
  });
});
