import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOCALES } from '@aiamarket/shared';
import { setLanguage } from '../../i18n';
import { mockApi } from '../../test/api';
import { renderApp } from '../../test/render';
import { documentOf, PRIVACY_SECTIONS, TERMS_SECTIONS } from './LegalPage';

describe('legal pages', () => {
  // The home page behind the footer asks for banners and rankings: answer them with nothing.
  beforeEach(() => {
    mockApi({});
  });

  it('chooses the document from the navigation source: policy is privacy, the rest terms', () => {
    expect(documentOf({ source: 'policy' })).toBe('privacy');
    expect(documentOf({ source: 'help' })).toBe('terms');
    expect(documentOf({ source: 'service' })).toBe('terms');
    expect(documentOf(null)).toBe('terms');
    expect(documentOf({ source: 'other' })).toBe('terms');
  });

  it('opens the terms from the footer terms and service links, the privacy policy from its link', async () => {
    renderApp('/');
    for (const [link, doc] of [
      ['footer-terms', 'terms'],
      ['footer-privacy', 'privacy'],
      ['footer-service', 'terms'],
    ] as const) {
      fireEvent.click(await screen.findByTestId(link));
      const page = await screen.findByTestId(`legal-${doc}`);
      expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe(
        doc === 'terms' ? 'Terms of Service' : 'Privacy Policy',
      );
    }
  });

  it('has every section the spec lists in the terms', async () => {
    renderApp('/privacy');
    const page = await screen.findByTestId('legal-terms', {}, { timeout: 8000 });
    const titles = within(page)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(titles).toHaveLength(TERMS_SECTIONS.length);
    for (const words of [
      'Assumption of risk',
      'Prohibited uses',
      'No refunds',
      'User representations',
      'Links to other sites',
      'Disclaimer of warranty',
      'Limitation of liability',
      'Termination',
      'Governing law',
      'Changes to the service',
      'Amendments',
      'Waiver and severability',
      'Acknowledgement',
    ]) {
      expect(titles.some((t) => t?.includes(words))).toBe(true);
    }
  });

  it('states the 2-year retention and the minimum age of 18 in the privacy policy, and switches back', async () => {
    renderApp('/');
    fireEvent.click(await screen.findByTestId('footer-privacy'));
    const page = await screen.findByTestId('legal-privacy');
    expect(within(page).getAllByTestId('legal-section')).toHaveLength(PRIVACY_SECTIONS.length);
    expect(page.textContent).toMatch(/no more than 2 years/);
    expect(page.textContent).toMatch(/at least 18 years old/);
    expect(screen.getByTestId('legal-switch-privacy').getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByTestId('legal-switch-terms'));
    expect(await screen.findByTestId('legal-terms')).toBeTruthy();
  });

  it.each(LOCALES.filter((l) => l !== 'en'))(
    'renders both documents in %s without keys or English left',
    async (lng) => {
      await act(() => setLanguage(lng, { persist: false }));
      renderApp('/');
      fireEvent.click(await screen.findByTestId('footer-privacy'));
      const privacy = await screen.findByTestId('legal-privacy');
      expect(privacy.textContent).not.toMatch(/legal\.|Privacy Policy|Data retention/);
      expect(privacy.textContent).toContain('18');
      expect(privacy.textContent).toContain('2');
      fireEvent.click(screen.getByTestId('legal-switch-terms'));
      const terms = await screen.findByTestId('legal-terms');
      expect(within(terms).getAllByTestId('legal-section')).toHaveLength(TERMS_SECTIONS.length);
      expect(terms.textContent).not.toMatch(/legal\.|Terms of Service|Governing law/);
    },
  );
});
