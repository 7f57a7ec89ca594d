import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { settled } from './pages.js';

/** The steps a dialog's flow went through, in order (the status lists them once done). */
export const stepsOf = async (modal: Locator) =>
  Promise.all(
    (await modal.getByTestId('tx-step').all()).map(async (s) => s.getAttribute('data-step')),
  );

/**
 * Fills and sends the open Make offer dialog (`units` for a collection or trait offer); resolves
 * with the steps its flow reported once it succeeded, the dialog closed.
 */
export async function makeOffer(
  page: Page,
  { coin, price, units }: { coin: string; price: string; units?: string },
) {
  const modal = page.getByTestId('make-offer-modal');
  await modal.waitFor();
  await modal.getByTestId('offer-coin').selectOption({ label: coin });
  await modal.getByTestId('price-input').fill(price);
  if (units !== undefined) await modal.getByTestId('offer-units').fill(units);
  await expect.poll(() => modal.getByTestId('make-offer-submit').isEnabled()).toBe(true);
  await modal.getByTestId('make-offer-submit').click();
  await settled(modal);
  await modal.getByTestId('make-offer-success').waitFor();
  const steps = await stepsOf(modal);
  await modal.getByRole('button', { name: 'Close' }).first().click();
  return steps;
}
