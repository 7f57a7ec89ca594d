import { OFFER_KIND } from '@aiamarket/shared';
import { EXPIRY_DAYS, type ExpiryDays, type OfferTarget } from './terms';
import type { TraitChoice } from './TraitPicker';

// A visitor's Make offer form survives the reload that follows sign-in: while the dialog is open
// and nobody is signed in, its fields are kept in session storage under the item or collection;
// the page that loads after the sign-in reopens the dialog with them once, then forgets them.

/** What the visitor filled in: the price as typed (in the interface language), coin by address. */
export interface OfferDraft {
  kind: OfferTarget['kind'];
  price: string;
  coin: string | null;
  units: string;
  days: ExpiryDays;
  /** Trait offers: the attribute value chosen before the form. */
  trait?: TraitChoice;
}

const PREFIX = 'aiamarket.offer-draft:';

/**
 * One draft per item, one per collection (its collection and trait offers share it: one dialog of
 * the collection header is open at a time).
 */
export function offerDraftKey(target: {
  kind: OfferTarget['kind'];
  contractAddr: string;
  tokenId?: string;
}): string {
  const contract = target.contractAddr.toLowerCase();
  return target.kind === OFFER_KIND.item
    ? `${PREFIX}item:${contract}:${target.tokenId ?? ''}`
    : `${PREFIX}collection:${contract}`;
}

function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function saveOfferDraft(key: string, draft: OfferDraft): void {
  try {
    store()?.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or refused: the form is simply not kept.
  }
}

/** The draft kept under `key`, or null (none, or not one this version wrote). */
export function peekOfferDraft(key: string): OfferDraft | null {
  const raw = store()?.getItem(key);
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Partial<OfferDraft> | null;
    const valid =
      d !== null &&
      typeof d === 'object' &&
      Object.values(OFFER_KIND).includes(d.kind as OfferDraft['kind']) &&
      typeof d.price === 'string' &&
      typeof d.units === 'string' &&
      EXPIRY_DAYS.includes(d.days as ExpiryDays);
    return valid ? (d as OfferDraft) : null;
  } catch {
    return null;
  }
}

export function clearOfferDraft(key: string): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Nothing to forget.
  }
}
