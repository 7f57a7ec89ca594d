import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { parseUnits, type Address } from 'viem';
import {
  OFFER_KIND,
  checkListingAmount,
  checkListingPrice,
  unitsText,
  type OfferVO,
} from '@aiamarket/shared';
import { CoinSelect, TradeDialog, TradeSuccess, inputClass } from '../../components/trade';
import { PriceField, usePriceEntry, useRuleText } from '../../components/trade/PriceField';
import { loadMarketCoins, type MarketCoin } from '../../lib/chain/coins';
import { isNativeCoin } from '../../lib/chain/market';
import {
  approveOfferCoin,
  offerFundingPlan,
  offerStartTime,
  readOfferCounter,
  readOfferFunds,
  signOffer,
  wrapAia,
  wrappedAiaAddress,
} from '../../lib/chain/offers';
import type { TxResult } from '../../lib/chain/send';
import { localizeDecimal, useLocaleFormat } from '../../lib/localeFormat';
import { isSignedIn, useSession } from '../../lib/session';
import { useTxFlow } from '../../lib/tx-flow';
import { createOffer, fetchAccountOffers } from './api';
import { clearOfferDraft, offerDraftKey, peekOfferDraft, saveOfferDraft } from './draft';
import {
  DEFAULT_EXPIRY_DAYS,
  EXPIRY_DAYS,
  OFFER_GAS_RESERVE,
  committedInCoin,
  offerFields,
  offerFieldsText,
  randomSalt,
  type ExpiryDays,
  type OfferTarget,
  wrapPlan,
} from './terms';
import type { TraitChoice } from './TraitPicker';

/** A coin an offer can be paid in: AIA is offered as the wrapped AIA (`wrapped`). */
export interface OfferCoin extends MarketCoin {
  /** The ERC-20 the offer signs (the wrapped AIA for AIA). */
  payWith: Address;
  wrapped: boolean;
}

/** The market's coins as offers pay them: AIA becomes the wrapped AIA, shown as AIA. */
export async function loadOfferCoins(): Promise<OfferCoin[]> {
  const [coins, wrapped] = await Promise.all([loadMarketCoins(), wrappedAiaAddress()]);
  return coins.map((c) =>
    isNativeCoin(c.address)
      ? { ...c, payWith: wrapped, wrapped: true }
      : { ...c, payWith: c.address, wrapped: false },
  );
}

/** Every open offer the account made (all pages), for the allowance they share. */
async function loadOwnOffers(address: string): Promise<OfferVO[]> {
  const all: OfferVO[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetchAccountOffers('made', { address, page });
    all.push(...answer.records);
    if (answer.records.length === 0 || all.length >= answer.total) return all;
  }
}

/**
 * Make offer on an item, a collection or a trait set: coin (AIA as wrapped AIA),
 * price per item, quantity (ERC1155 items, collection and trait offers), expiry. Then, as the
 * flow shows them: wrap the AIA shortfall, approve the coin to the Offers contract when the
 * allowance does not cover this offer and the open ones, sign (EIP-712), publish (offer/create).
 */
export function MakeOfferModal({
  target,
  name,
  unitsCap,
  traitLabel,
  traitChoice,
  prefill,
  onClose,
}: {
  target: OfferTarget;
  /** The item's or collection's name, under the title. */
  name?: string;
  /** Most units the offer may ask for (ERC1155 supply, tokens of the collection or trait set). */
  unitsCap: bigint | null;
  /** Trait offers: "Category: value" and the number of tokens having it. */
  traitLabel?: { trait: string; tokens: number };
  /** Trait offers: the attribute value chosen, kept with a visitor's draft. */
  traitChoice?: TraitChoice;
  /** Made again (an ended offer): its coin (the ERC-20 signed), price text and units. */
  prefill?: { coin: string; price: string; units: string };
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const fmt = useLocaleFormat();
  const ruleText = useRuleText();
  const ids = { units: useId(), expiry: useId() };
  const session = useSession();
  const { address } = session;
  const signedIn = isSignedIn(session);
  const draftKey = offerDraftKey(target);
  // The form a visitor filled before signing in, given back once on the page after the sign-in.
  const [draft] = useState(() => {
    const kept = signedIn ? peekOfferDraft(draftKey) : null;
    return kept?.kind === target.kind ? kept : null;
  });
  const flow = useTxFlow();
  const priceEntry = usePriceEntry(
    draft?.price ?? (prefill ? localizeDecimal(i18n.language, prefill.price) : ''),
  );
  const [coinAddr, setCoinAddr] = useState<string | null>(draft?.coin ?? null);
  const [unitsTyped, setUnitsTyped] = useState(draft?.units ?? prefill?.units ?? '1');
  const [days, setDays] = useState<ExpiryDays>(draft?.days ?? DEFAULT_EXPIRY_DAYS);
  const coins = useQuery({ queryKey: ['offer-coins'], queryFn: loadOfferCoins });
  // The coin picked (or kept in a draft), else the one an offer made again was signed in.
  const picked = coins.data?.findIndex((c) => c.address === coinAddr) ?? -1;
  const prefillCoin = prefill
    ? (coins.data?.findIndex((c) => c.payWith.toLowerCase() === prefill.coin.toLowerCase()) ?? -1)
    : -1;
  const coinIndex = Math.max(0, picked >= 0 ? picked : prefillCoin);
  const coin = coins.data?.[coinIndex] ?? null;
  // One-shot: a draft given back is forgotten at once.
  useEffect(() => {
    if (draft) clearOfferDraft(draftKey);
  }, [draft, draftKey]);
  // While a visitor fills the form it is kept. Not cleared when the session appears: the sign-in
  // saves it just before the reload that must find the draft.
  useEffect(() => {
    if (signedIn) return;
    saveOfferDraft(draftKey, {
      kind: target.kind,
      price: priceEntry.price,
      coin: coinAddr,
      units: unitsTyped,
      days,
      ...(traitChoice ? { trait: traitChoice } : {}),
    });
  }, [signedIn, draftKey, target.kind, priceEntry.price, coinAddr, unitsTyped, days, traitChoice]);
  const close = () => {
    clearOfferDraft(draftKey);
    onClose();
  };
  const funds = useQuery({
    queryKey: ['offer-funds', coin?.payWith, address],
    queryFn: () => readOfferFunds(coin!.payWith, address as Address),
    enabled: coin !== null && address !== null,
  });

  // One ERC721 item: always one; otherwise a typed whole number up to the cap.
  const fixedOne = target.kind === OFFER_KIND.item && !target.erc1155;
  const priceCheck = checkListingPrice(priceEntry.price, coin?.decimals, i18n.language);
  const unitsCheck = fixedOne
    ? null
    : checkListingAmount(unitsTyped, unitsCap ?? BigInt(Number.MAX_SAFE_INTEGER), i18n.language);
  const units = fixedOne ? 1n : unitsCheck?.ok ? unitsCheck.value : 0n;
  const unitPrice = priceCheck.ok && coin ? parseUnits(priceCheck.value, coin.decimals) : 0n;
  const total = unitPrice * units;
  const spendable = funds.data
    ? funds.data.balance + (coin?.wrapped ? funds.data.native : 0n)
    : null;
  const short = spendable !== null && total > spendable;
  const wrap = coin?.wrapped && funds.data ? wrapPlan(total, funds.data) : null;
  const wrapNeeded = wrap?.wrap ?? 0n;
  // Said before the wallet opens: the wrap would leave no AIA for its own and the approval's fee.
  const reserveShort = !short && wrap !== null && !wrap.keepsReserve;
  const ready =
    priceEntry.edited &&
    priceCheck.ok &&
    (unitsCheck === null || unitsCheck.ok) &&
    coin !== null &&
    !short &&
    !reserveShort;
  // The expiry shown counts from when the dialog opened; the signed one from the signing.
  const [openedAt] = useState(() => Date.now());
  const expiresAt = openedAt + days * 86_400_000;

  const submit = async () => {
    if (!ready || !coin) return;
    const ok = await flow.run(async (wallet, onHash, report) => {
      const [own, have] = await Promise.all([
        loadOwnOffers(wallet.account),
        readOfferFunds(coin.payWith, wallet.account),
      ]);
      const plan = offerFundingPlan({
        total,
        allowanceNeeded: total + committedInCoin(own, coin.payWith),
        balance: have.balance,
        allowance: have.allowance,
        wrapped: coin.wrapped,
      });
      let last: TxResult | null = null;
      if (plan.wrap > 0n) last = await wrapAia(wallet, plan.wrap, onHash);
      if (plan.approve !== null) {
        last = await approveOfferCoin(wallet, coin.payWith, plan.approve, onHash);
      }
      const fields = offerFields({
        offerer: wallet.account,
        target,
        units,
        coin: coin.payWith,
        pricePerUnit: unitPrice,
        days,
        nowSeconds: await offerStartTime(BigInt(Math.floor(Date.now() / 1000))),
        counter: await readOfferCounter(wallet.account),
        salt: randomSalt(),
      });
      report.sign('sign');
      const signature = await signOffer(wallet, fields);
      report.submit('submit');
      await createOffer({
        offer: offerFieldsText(fields),
        signature,
        ...(target.kind === OFFER_KIND.trait ? { traitValueId: target.valueId } : {}),
      });
      return { hash: last?.hash ?? null, blockNumber: last?.blockNumber ?? null };
    });
    if (ok) {
      clearOfferDraft(draftKey);
      toast.success(t('offer.make.success'));
    }
  };

  const title =
    target.kind === OFFER_KIND.item
      ? t('offer.make.titleItem')
      : target.kind === OFFER_KIND.collection
        ? t('offer.make.titleCollection')
        : t('offer.make.titleTrait');
  const unitsError = unitsCheck && !unitsCheck.ok ? ruleText(unitsCheck.message) : null;

  return (
    <TradeDialog
      title={title}
      description={name}
      onClose={close}
      flow={flow}
      testId="make-offer-modal"
      success={<TradeSuccess testId="make-offer-success">{t('offer.make.success')}</TradeSuccess>}
      submit={{
        label: t('offer.make.submit'),
        testId: 'make-offer-submit',
        disabled: !ready,
        onSubmit: () => void submit(),
      }}
    >
      {target.kind === OFFER_KIND.collection && (
        <p className="mt-3 text-sm text-slate-400">{t('offer.make.collectionHint')}</p>
      )}
      {traitLabel && (
        <p className="mt-3 text-sm text-slate-400" data-testid="make-offer-trait">
          {t('offer.make.traitHint', {
            trait: traitLabel.trait,
            n: fmt.integer(traitLabel.tokens),
          })}
        </p>
      )}
      <CoinSelect
        label={t('offer.make.coin')}
        testId="offer-coin"
        coins={coins.data ?? []}
        index={coinIndex}
        disabled={flow.busy}
        onChange={(i) => setCoinAddr(coins.data?.[i]?.address ?? null)}
      />
      <PriceField
        label={t('offer.make.price')}
        {...priceEntry.fieldProps}
        symbol={coin?.symbol ?? ''}
        error={priceEntry.errorOf(priceCheck)}
      />
      {!fixedOne && (
        <div className="mt-4">
          <label htmlFor={ids.units} className="text-sm font-medium text-slate-200">
            {target.kind === OFFER_KIND.item ? t('offer.make.units') : t('offer.make.tokens')}
          </label>
          <input
            id={ids.units}
            data-testid="offer-units"
            inputMode="numeric"
            value={unitsTyped}
            aria-invalid={unitsError ? true : undefined}
            onChange={(e) => setUnitsTyped(e.target.value)}
            className={inputClass}
          />
          {unitsError && (
            <p role="alert" className="mt-1 text-xs text-rose-300">
              {unitsError}
            </p>
          )}
        </div>
      )}
      <div className="mt-4">
        <label htmlFor={ids.expiry} className="text-sm font-medium text-slate-200">
          {t('offer.make.expiry')}
        </label>
        <select
          id={ids.expiry}
          data-testid="offer-expiry"
          value={days}
          onChange={(e) => setDays(Number(e.target.value) as ExpiryDays)}
          className={inputClass}
        >
          {EXPIRY_DAYS.map((d) => (
            <option key={d} value={d}>
              {t('offer.make.days', { count: d })}
            </option>
          ))}
        </select>
        <p className="mt-1 text-xs text-slate-400">
          {t('offer.make.expires', { date: fmt.dateTime(expiresAt) })}
        </p>
      </div>
      <dl className="mt-5 space-y-1.5 text-sm">
        <div className="flex justify-between font-semibold">
          <dt>{t('offer.make.total')}</dt>
          <dd data-testid="offer-total">
            {fmt.price(unitsText(total, coin?.decimals ?? 18))} {coin?.symbol}
          </dd>
        </div>
        {funds.data && coin && (
          <div className="flex justify-between text-slate-400">
            <dt>{t('offer.make.balanceLabel')}</dt>
            <dd data-testid="offer-balance">
              {fmt.price(unitsText(spendable ?? 0n, coin.decimals))} {coin.symbol}
            </dd>
          </div>
        )}
      </dl>
      {reserveShort && coin && wrap && (
        <p role="alert" data-testid="offer-gas-reserve" className="mt-3 text-xs text-rose-300">
          {t('offer.make.gasReserve', {
            reserve: fmt.price(unitsText(OFFER_GAS_RESERVE, coin.decimals)),
            native: coin.symbol,
            max: fmt.price(unitsText(wrap.most, coin.decimals)),
            coin: coin.symbol,
          })}
        </p>
      )}
      {wrapNeeded > 0n && !short && !reserveShort && coin && (
        <p data-testid="offer-wrap-note" className="mt-3 text-xs text-amber-200">
          {t('offer.make.wrapNote', {
            amount: fmt.price(unitsText(wrapNeeded, coin.decimals)),
            coin: coin.symbol,
          })}
        </p>
      )}
      {short && (
        <p role="alert" data-testid="offer-short" className="mt-3 text-xs text-rose-300">
          {t('offer.make.insufficient')}
        </p>
      )}
    </TradeDialog>
  );
}
