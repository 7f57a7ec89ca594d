import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import { PriceRangeFilter } from './PriceRangeFilter';

// The price filter bounds are read in the interface language, never by dropping the
// characters the box did not like (the old box refused the comma key: "1,5" became "15").
function typeKeys(input: HTMLElement, text: string) {
  for (const key of text) {
    fireEvent.change(input, { target: { value: (input as HTMLInputElement).value + key } });
  }
}

describe('the price filter in the reader language', () => {
  it('applies "1,5" - "2,25" typed in Turkish as 1.5 - 2.25 and shows them back the same way', async () => {
    await setLanguage('tr', { persist: false });
    const onApply = vi.fn();
    const view = render(<PriceRangeFilter min="" max="" onApply={onApply} />);
    typeKeys(screen.getByTestId('price-min'), '1,5');
    typeKeys(screen.getByTestId('price-max'), '2,25');
    fireEvent.click(screen.getByTestId('price-apply'));
    expect(onApply).toHaveBeenCalledWith('1.5', '2.25');
    // Applied bounds (from the URL) are shown as a Turkish reader types them.
    view.rerender(<PriceRangeFilter min="1.5" max="2.25" onApply={onApply} />);
    expect((screen.getByTestId('price-min') as HTMLInputElement).value).toBe('1,5');
    expect((screen.getByTestId('price-max') as HTMLInputElement).value).toBe('2,25');
  });

  it('refuses "1,5" in English as ambiguous and applies nothing', () => {
    const onApply = vi.fn();
    render(<PriceRangeFilter min="" max="" onApply={onApply} />);
    typeKeys(screen.getByTestId('price-min'), '1,5');
    typeKeys(screen.getByTestId('price-max'), '20');
    expect((screen.getByTestId('price-min') as HTMLInputElement).value).toBe('1,5');
    fireEvent.click(screen.getByTestId('price-apply'));
    expect(screen.getByTestId('price-error').textContent).toBe(
      'Ambiguous number: use "." for decimals and no thousands separators',
    );
    expect(onApply).not.toHaveBeenCalled();
  });

  it('says when a bound has more than 8 decimals', () => {
    const onApply = vi.fn();
    render(<PriceRangeFilter min="" max="" onApply={onApply} />);
    typeKeys(screen.getByTestId('price-min'), '0.123456789');
    typeKeys(screen.getByTestId('price-max'), '1');
    fireEvent.click(screen.getByTestId('price-apply'));
    expect(screen.getByTestId('price-error').textContent).toBe('At most 8 decimals');
    expect(onApply).not.toHaveBeenCalled();
  });
});
