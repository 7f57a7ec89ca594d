import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './RouteError';

let broken = true;
function Page() {
  if (broken) throw new Error('chunk failed to load');
  return <p data-testid="page">page</p>;
}

describe('RouteErrorBoundary', () => {
  it('shows the reload notice instead of a page that throws, and tries again on another path', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    broken = true;
    const view = render(
      <RouteErrorBoundary resetKey="/a">
        <Page />
      </RouteErrorBoundary>,
    );
    expect(screen.getByTestId('route-error').textContent).toContain('Reload');
    expect(screen.queryByTestId('page')).toBeNull();
    broken = false;
    view.rerender(
      <RouteErrorBoundary resetKey="/b">
        <Page />
      </RouteErrorBoundary>,
    );
    expect(screen.getByTestId('page')).toBeTruthy();
    expect(screen.queryByTestId('route-error')).toBeNull();
  });
});
