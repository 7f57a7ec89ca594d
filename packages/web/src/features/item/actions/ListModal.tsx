import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { parseUnits, type Address } from 'viem';
import {
  CONTRACT_TYPE,
  DEFAULT_ERC1155_AMOUNT,
  checkListingAmount,
  checkListingPrice,
  decimalInputText,
  netReceipt,
  type ContractType,
  type OrderVO,
} from '@aiamarket/shared';
import { CoinSelect, TradeDialog, TradeSuccess } from '../../../components/trade';
import { useTxFlow } from '../../../lib/tx-flow';
import { listItem, readRoyaltyPercent } from '../../../lib/chain';
import { useLocaleFormat } from '../../../lib/localeFormat';
import { AmountField } from './AmountField';
import { ExistingListingNotice } from './ExistingListingNotice';
import { fetchFeePercent } from './api';
import { loadListingCoins } from './coins';
import { floorWarning, useFloorAndRate } from './floor';
import { PriceField, usePriceEntry, useRuleText } from './PriceField';
import { PriceConfirmStep } from './PriceConfirmStep';
import { RuleMessage } from './RuleMessage';

export interface ListableItem {
  contractAddr: string;
  tokenId: string;
  contractType: ContractType;
  name: string | null;
}

/**
 * Sell (spec sections 4 and 5): price in a chosen coin, ERC1155 amount (default 1, at most what
 * is held), the platform fee, the royalty and the net receipt; approval for all when missing,
 * then createMarketItem.
 */
export function ListModal({
  item,
  held,
  royalty,
  existing = null,
  onUpdatePrice,
  onClose,
}: {
  item: ListableItem;
  held: number;
  royalty: number | null;
  /** The seller's live ERC1155 listing of this item, which a new listing replaces. */
  existing?: OrderVO | null;
  /** Leaves for Update price of `existing`. */
  onUpdatePrice?: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const ruleText = useRuleText();
  const fmt = useLocaleFormat();
  const flow = useTxFlow();
  const is1155 = item.contractType === CONTRACT_TYPE.erc1155;
  const priceEntry = usePriceEntry();
  const { price, edited } = priceEntry;
  const [amount, setAmount] = useState(String(DEFAULT_ERC1155_AMOUNT));
  const [coinIndex, setCoinIndex] = useState(0);
  const coins = useQuery({ queryKey: ['listing-coins'], queryFn: loadListingCoins });
  const fee = useQuery({
    queryKey: ['transaction-fee'],
    queryFn: ({ signal }) => fetchFeePercent(signal),
  });
  // The royalty the market will really take (its own rate or ERC-2981); the API's as fallback.
  const chainRoyalty = useQuery({
    queryKey: ['royalty-of', item.contractAddr.toLowerCase(), item.tokenId],
    queryFn: () => readRoyaltyPercent(item.contractAddr as Address, BigInt(item.tokenId)),
  });
  const royaltyPercent = chainRoyalty.data ?? royalty;
  const coin = coins.data?.[coinIndex] ?? null;

  // Read in the interface language: "1,5" is 1.5 in Turkish, refused as ambiguous in English.
  const priceCheck = checkListingPrice(price, coin?.decimals, i18n.language);
  const amountCheck = is1155 ? checkListingAmount(amount, held, i18n.language) : null;
  const { floor, rate } = useFloorAndRate(item, coin?.address);
  const priceError = priceEntry.errorOf(priceCheck);
  const amountError = amountCheck && !amountCheck.ok ? ruleText(amountCheck.message) : null;
  const ready =
    edited && priceCheck.ok && (!amountCheck || amountCheck.ok) && coin !== null && fee.isSuccess;

  const submit = async () => {
    if (!ready || !coin || !priceCheck.ok) return;
    const ok = await flow.run((wallet, onHash) =>
      listItem(
        wallet,
        {
          nft: item.contractAddr as Address,
          tokenId: BigInt(item.tokenId),
          amount: amountCheck?.ok ? amountCheck.value : 1n,
          priceWei: parseUnits(priceCheck.value, coin.decimals),
          coin: coin.address,
        },
        onHash,
      ),
    );
    if (ok) toast.success(t('trade.list.success'));
  };

  return (
    <TradeDialog
      title={t('trade.list.title')}
      description={item.name ?? undefined}
      testId="list-modal"
      flow={flow}
      onClose={onClose}
      success={<TradeSuccess testId="list-success">{t('trade.list.success')}</TradeSuccess>}
      review={{
        label: t('trade.list.review'),
        testId: 'list-review',
        disabled: !ready,
        renderStep: () =>
          priceCheck.ok ? (
            <PriceConfirmStep
              testId="list-confirm-step"
              price={priceCheck.value}
              symbol={coin?.symbol ?? ''}
              amount={amountCheck?.ok ? amountCheck.value : null}
              warning={floorWarning(priceCheck.value, rate, floor)}
            />
          ) : null,
      }}
      submit={{
        label: t('trade.list.submit'),
        testId: 'list-confirm',
        disabled: !ready,
        onSubmit: () => void submit(),
      }}
      summary={
        <dl className="mt-5 space-y-1.5 text-sm" data-testid="list-summary">
          <div className="flex justify-between">
            <dt className="text-slate-400">{t('trade.list.fee')}</dt>
            <dd data-testid="list-fee">{fee.isSuccess ? fmt.percent(fee.data) : '…'}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-400">{t('trade.list.royalty')}</dt>
            <dd data-testid="list-royalty">{fmt.percent(royaltyPercent ?? 0)}</dd>
          </div>
          <div className="flex justify-between font-semibold">
            <dt>{is1155 ? t('trade.list.netPerItem') : t('trade.list.net')}</dt>
            <dd data-testid="list-net">
              {/* 4 decimals kept (spec), in the reader's decimal separator. */}
              {decimalInputText(
                netReceipt(priceCheck.ok ? priceCheck.value : '0', fee.data ?? 0, royaltyPercent),
                i18n.language,
              )}{' '}
              {coin?.symbol}
            </dd>
          </div>
        </dl>
      }
    >
      {existing && onUpdatePrice && (
        <ExistingListingNotice order={existing} onUpdatePrice={onUpdatePrice} />
      )}
      <CoinSelect
        label={t('trade.list.coin')}
        testId="coin-select"
        coins={coins.data ?? []}
        index={coinIndex}
        onChange={setCoinIndex}
      />
      <PriceField
        label={t('trade.list.price')}
        {...priceEntry.fieldProps}
        symbol={coin?.symbol ?? ''}
        error={priceError}
      />
      {is1155 && (
        <AmountField
          label={t('trade.list.amount')}
          holding={t('trade.list.available', { count: held })}
          value={amount}
          onChange={setAmount}
          invalid={amountError !== null}
          testId="amount-input"
        >
          <RuleMessage text={amountError} />
        </AmountField>
      )}
    </TradeDialog>
  );
}
