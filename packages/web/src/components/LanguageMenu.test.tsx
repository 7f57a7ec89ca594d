import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@aiamarket/shared';
import { ConnectWalletButton } from './ConnectWalletButton';
import { LanguageMenu } from './LanguageMenu';

describe('LanguageMenu', () => {
  it('lists the five languages by their own names and switches language', async () => {
    render(
      <>
        <LanguageMenu />
        <ConnectWalletButton />
      </>,
    );
    const trigger = screen.getByTestId('language-menu');
    expect(trigger.getAttribute('aria-label')).toBe('Language: English');
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual([
      'English',
      '简体中文',
      '繁體中文',
      '日本語',
      'Türkçe',
    ]);
    expect(items[0]!.getAttribute('aria-checked')).toBe('true');

    fireEvent.click(screen.getByTestId('language-option-ja'));
    await waitFor(() => expect(document.documentElement.lang).toBe('ja'));
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('ja');
    await waitFor(() =>
      expect(screen.getByTestId('connect-wallet').textContent).toBe('ウォレットを接続'),
    );
    expect(screen.getByTestId('language-menu').getAttribute('aria-label')).toBe('言語: 日本語');
  });
});
