import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/Providers';
import { activityVO, CONTRACT, pageOf } from '../../test/browseFixtures';
import { ActivityTable } from './ActivityTable';

describe('ActivityTable', () => {
  it('links each item with tokenId and contractAddr in the address, so reloads and shared links work', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <ActivityTable
            queryKey={['test']}
            fetchPage={async () => pageOf([activityVO(2, { tokenId: '42' })])}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const [row] = await screen.findAllByTestId('activity-row');
    const link = within(row!).getByRole('link', { name: /Pirate #7/ });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/asset');
    expect(href.searchParams.get('tokenId')).toBe('42');
    expect(href.searchParams.get('contractAddr')).toBe(CONTRACT);
  });
});
