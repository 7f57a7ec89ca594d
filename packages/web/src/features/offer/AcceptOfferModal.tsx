import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import type { Address, Hex } from 'viem';
import {
  NATIVE_COIN,
  OFFER_KIND,
  checkListingAmount,
  decimalInputText,
  unitsText,
  type OfferVO,
} from '@aiamarket/shared';
import { TradeDialog, TradeSuccess, inputClass } from '../../components/trade';
import { useRuleText } from '../../components/trade/PriceField';
import {
  acceptOffer,
  readFeeFraction,
  readRoyaltyAmount,
  wrappedAiaAddress,
} from '../../lib/chain/offers';
import { errorText } from '../../lib/errors';
import { useLocaleFormat } from '../../lib/localeFormat';
import { useSession } from '../../lib/session';
import { useTxFlow } from '../../lib/tx-flow';
import { fetchHeld, fetchOfferProof, fetchOfferTokens } from './api';
import { acceptableUnits, offerPayout } from './terms';

/**
 * Accept an offer: the holder sells `units` of a token into it and sees, before the
 * wallet opens, what the offer pays and what reaches them after the platform fee and the royalty,
 * computed exactly as the contract splits it (fee from the market's fee fraction, the royalty
 * the market's royaltyOf answers for this gross). The collection is approved for the Offers
 * contract first when needed; a trait offer carries the token's proof from offer/proof.
 * `tokenId` is fixed on the item page; for a collection or trait offer received on the account
 * page the holder picks one of their tokens the offer accepts (their items of the collection,
 * for a trait offer only those in its signed set), each with the copies held.
 */
export function AcceptOfferModal({
  offer,
  tokenId: fixedTokenId,
  onClose,
}: {
  offer: OfferVO;
  tokenId?: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const fmt = useLocaleFormat();
  const ruleText = useRuleText();
  const ids = { token: useId(), units: useId() };
  const { address } = useSession();
  const flow = useTxFlow();
  const given = fixedTokenId ?? offer.tokenId ?? null;
  const picking = given === null;
  const choices = useQuery({
    queryKey: ['offer-tokens', offer.orderHash, address],
    queryFn: ({ signal }) => fetchOfferTokens(offer, address ?? '', signal),
    enabled: picking && address !== null,
  });
  const [picked, setPicked] = useState<string | null>(null);
  const choice = picking
    ? (choices.data?.find((c) => c.tokenId === picked) ?? choices.data?.[0] ?? null)
    : null;
  const tokenId = picking ? (choice?.tokenId ?? null) : given;
  const [unitsTyped, setUnitsTyped] = useState('1');
  const key = { contractAddr: offer.contractAddr, tokenId: tokenId ?? '' };
  // A picked token comes with its held amount; a given one is asked of the ownership answer.
  const heldQuery = useQuery({
    queryKey: ['offer-held', key, address],
    queryFn: ({ signal }) => fetchHeld(key, address ?? '', signal),
    enabled: !picking && tokenId !== null && address !== null,
  });
  const held = picking ? { data: choice?.amount, isSuccess: choice !== null } : heldQuery;
  const most = acceptableUnits(offer, held.data ?? 0n);
  const unitsCheck = offer.erc1155 ? checkListingAmount(unitsTyped, most, i18n.language) : null;
  const units = offer.erc1155 ? (unitsCheck?.ok ? unitsCheck.value : 0n) : 1n;
  const price = BigInt(offer.priceWei);
  const gross = price * units;
  // An offer in the wrapped AIA pays the seller AIA by default (unwrapped in the same call).
  const wrapped = useQuery({
    queryKey: ['wrapped-aia-address'],
    queryFn: wrappedAiaAddress,
    staleTime: Infinity,
  });
  const unwrappable =
    wrapped.data !== undefined && offer.moneyAddr.toLowerCase() === wrapped.data.toLowerCase();
  const [wantAia, setWantAia] = useState(true);
  const inAia = unwrappable && wantAia;
  const fee = useQuery({
    queryKey: ['offer-fee-fraction'],
    queryFn: readFeeFraction,
    staleTime: 60_000,
  });
  const royalty = useQuery({
    queryKey: ['offer-royalty', offer.contractAddr, tokenId, gross.toString()],
    queryFn: () => readRoyaltyAmount(offer.contractAddr as Address, BigInt(tokenId!), gross),
    enabled: tokenId !== null && gross > 0n,
  });
  const payout =
    fee.data && royalty.data !== undefined
      ? offerPayout(price, units, fee.data, royalty.data)
      : null;
  const holds = held.data !== undefined && held.data > 0n;
  const ready =
    tokenId !== null && holds && (unitsCheck === null || unitsCheck.ok) && payout !== null;
  // Exact amounts (every base unit), in the reader's decimal separator: the split is checked here.
  const money = (v: bigint) =>
    `${decimalInputText(unitsText(v, offer.coinDecimals), i18n.language)} ${offer.coin}`;

  const submit = async () => {
    if (!ready || tokenId === null) return;
    const ok = await flow.run(async (wallet, onHash) => {
      const proof =
        offer.kind === OFFER_KIND.trait
          ? ((await fetchOfferProof({ orderHash: offer.orderHash, tokenId })).proof as Hex[])
          : [];
      return acceptOffer(
        wallet,
        { signed: offer.signed, tokenId: BigInt(tokenId), units, proof, inAia },
        onHash,
      );
    });
    if (ok) toast.success(t('offer.accept.success'));
  };

  return (
    <TradeDialog
      title={t('offer.accept.title')}
      description={offer.name ?? offer.collectionName ?? undefined}
      onClose={onClose}
      flow={flow}
      testId="accept-offer-modal"
      success={
        <TradeSuccess testId="accept-offer-success">{t('offer.accept.success')}</TradeSuccess>
      }
      submit={{
        label: t('offer.accept.submit'),
        testId: 'accept-offer-submit',
        disabled: !ready,
        onSubmit: () => void submit(),
      }}
    >
      {picking && choices.isPending && (
        <p data-testid="accept-tokens-loading" className="mt-4 text-sm text-slate-400">
          {t('offer.accept.loadingTokens')}
        </p>
      )}
      {picking && choices.isError && (
        <p role="alert" data-testid="accept-tokens-error" className="mt-4 text-sm text-rose-300">
          {errorText(choices.error, t)}
        </p>
      )}
      {picking && choices.data?.length === 0 && (
        <p role="alert" data-testid="accept-no-tokens" className="mt-4 text-sm text-rose-300">
          {t('offer.accept.noTokens')}
        </p>
      )}
      {picking && choices.data !== undefined && choices.data.length > 0 && (
        <div className="mt-4">
          <label htmlFor={ids.token} className="text-sm font-medium text-slate-200">
            {t('offer.accept.token')}
          </label>
          <select
            id={ids.token}
            data-testid="accept-token"
            value={tokenId ?? ''}
            disabled={flow.busy}
            onChange={(e) => setPicked(e.target.value)}
            className={inputClass}
          >
            {choices.data.map((c) => (
              <option key={c.tokenId} value={c.tokenId}>
                {`${c.name ?? ''} #${c.tokenId}`.trim()}
                {offer.erc1155
                  ? ` · ${t('offer.accept.heldCount', { n: fmt.integer(c.amount.toString()) })}`
                  : ''}
              </option>
            ))}
          </select>
        </div>
      )}
      {!picking && tokenId !== null && held.isSuccess && !holds && (
        <p role="alert" data-testid="accept-not-held" className="mt-3 text-xs text-rose-300">
          {t('offer.accept.notHeld')}
        </p>
      )}
      {offer.erc1155 && (
        <div className="mt-4">
          <label htmlFor={ids.units} className="text-sm font-medium text-slate-200">
            {t('offer.accept.units', { n: fmt.integer(most.toString()) })}
          </label>
          <input
            id={ids.units}
            data-testid="accept-units"
            inputMode="numeric"
            value={unitsTyped}
            onChange={(e) => setUnitsTyped(e.target.value)}
            className={inputClass}
          />
          {unitsCheck && !unitsCheck.ok && (
            <p role="alert" className="mt-1 text-xs text-rose-300">
              {ruleText(unitsCheck.message)}
            </p>
          )}
        </div>
      )}
      <dl className="mt-5 space-y-1.5 text-sm" data-testid="accept-summary">
        <div className="flex justify-between">
          <dt className="text-slate-400">{t('offer.accept.price')}</dt>
          <dd data-testid="accept-price">{money(price)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-400">{t('offer.accept.gross')}</dt>
          <dd data-testid="accept-gross">{money(gross)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-400">{t('offer.accept.fee')}</dt>
          <dd data-testid="accept-fee">{payout ? `− ${money(payout.fee)}` : '…'}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-400">{t('offer.accept.royalty')}</dt>
          <dd data-testid="accept-royalty">{payout ? `− ${money(payout.royalty)}` : '…'}</dd>
        </div>
        <div className="flex justify-between font-semibold">
          <dt>{t('offer.accept.net')}</dt>
          <dd data-testid="accept-net">
            {payout
              ? inAia
                ? `${decimalInputText(unitsText(payout.net, offer.coinDecimals), i18n.language)} ${NATIVE_COIN.symbol}`
                : money(payout.net)
              : '…'}
          </dd>
        </div>
      </dl>
      {unwrappable && (
        <label className="mt-3 flex items-center gap-2 text-sm text-slate-300">
          <input
            type="checkbox"
            data-testid="accept-in-aia"
            checked={wantAia}
            disabled={flow.busy}
            onChange={(e) => setWantAia(e.target.checked)}
          />
          {t('offer.accept.inAia', { coin: offer.coin })}
        </label>
      )}
      <p className="mt-3 text-xs text-slate-400">{t('offer.accept.approvalNote')}</p>
    </TradeDialog>
  );
}
