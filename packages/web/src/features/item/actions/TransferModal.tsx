import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import type { Address } from 'viem';
import {
  CONTRACT_TYPE,
  DEFAULT_ERC1155_AMOUNT,
  checkTransferAmount,
  checkTransferRecipient,
  type OrderVO,
} from '@aiamarket/shared';
import { TradeDialog, TradeSuccess, inputClass } from '../../../components/trade';
import { useLocaleFormat } from '../../../lib/localeFormat';
import { useTxFlow } from '../../../lib/tx-flow';
import { transferItem } from '../../../lib/chain';
import { useSession } from '../../../lib/session';
import { AmountField } from './AmountField';
import type { ListableItem } from './ListModal';
import { useRuleText } from './PriceField';
import { RuleMessage } from './RuleMessage';

/**
 * Transfer (spec sections 4 and 5): a valid recipient that is neither the zero address nor the
 * sender, an amount within the holding (ERC1155), an explicit confirmation that it cannot be
 * undone, then safeTransferFrom; success shows the success view.
 */
export function TransferModal({
  item,
  held,
  listing = null,
  onClose,
}: {
  item: ListableItem;
  held: number;
  /** The sender's own listing of the item, if any: it goes stale once the item leaves. */
  listing?: OrderVO | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const ruleText = useRuleText();
  const fmt = useLocaleFormat();
  const { address } = useSession();
  const toId = useId();
  const flow = useTxFlow();
  const is1155 = item.contractType === CONTRACT_TYPE.erc1155;
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState(String(DEFAULT_ERC1155_AMOUNT));
  const [submitted, setSubmitted] = useState(false);
  const recipient = checkTransferRecipient(to, address);
  const quantity = checkTransferAmount(amount, held, item.contractType, i18n.language);
  const recipientError = submitted && !recipient.ok ? ruleText(recipient.message) : null;
  const amountError = submitted && !quantity.ok ? ruleText(quantity.message) : null;

  // Review shows the fields' messages from now on, and the step only when both hold.
  const review = () => {
    setSubmitted(true);
    return recipient.ok && quantity.ok;
  };

  const send = async () => {
    if (!recipient.ok || !quantity.ok) return;
    const ok = await flow.run((wallet, onHash) =>
      transferItem(
        wallet,
        {
          nft: item.contractAddr as Address,
          contractType: item.contractType,
          tokenId: BigInt(item.tokenId),
          to: recipient.value as Address,
          amount: quantity.value,
        },
        onHash,
      ),
    );
    if (ok) toast.success(t('trade.transfer.success'));
  };

  return (
    <TradeDialog
      title={t('trade.transfer.title')}
      description={item.name ?? undefined}
      testId="transfer-modal"
      flow={flow}
      onClose={onClose}
      success={<TradeSuccess testId="transfer-success">{t('trade.transfer.success')}</TradeSuccess>}
      review={{
        label: t('trade.transfer.review'),
        testId: 'transfer-review',
        onReview: review,
        renderStep: () => (
          <div data-testid="transfer-confirm-step" className="mt-4 space-y-2 text-sm">
            <p className="font-semibold text-amber-200">{t('trade.transfer.confirmTitle')}</p>
            <p className="text-slate-300">
              {t('trade.transfer.confirmBody', {
                amount: quantity.ok ? quantity.value.toString() : '',
                address: recipient.ok ? recipient.value : '',
              })}
            </p>
          </div>
        ),
      }}
      submit={{
        label: t('trade.transfer.submit'),
        testId: 'transfer-send',
        variant: 'danger',
        onSubmit: () => void send(),
      }}
    >
      <p className="mt-3 rounded-xl border border-amber-400/30 bg-amber-500/10 p-3 text-xs text-amber-100">
        {t('trade.transfer.warning')}
      </p>
      {listing && (
        <p
          role="note"
          data-testid="transfer-listed-warning"
          className="mt-3 rounded-xl border border-amber-400/30 bg-amber-500/10 p-3 text-xs text-amber-100"
        >
          {t('trade.transfer.listedWarning', {
            price: `${fmt.price(listing.price)} ${listing.coin}`,
          })}
        </p>
      )}
      <div className="mt-4">
        <label htmlFor={toId} className="text-sm font-medium text-slate-200">
          {t('trade.transfer.recipient')}
        </label>
        <input
          id={toId}
          data-testid="transfer-to"
          autoComplete="off"
          spellCheck={false}
          placeholder="0x…"
          value={to}
          aria-invalid={recipientError ? true : undefined}
          onChange={(e) => setTo(e.target.value)}
          className={`${inputClass} font-mono text-sm`}
        />
        <RuleMessage text={recipientError} testId="transfer-to-error" />
      </div>
      {is1155 && (
        <AmountField
          label={t('trade.transfer.amount')}
          holding={t('trade.transfer.held', { count: held })}
          value={amount}
          onChange={setAmount}
          invalid={amountError !== null}
          testId="transfer-amount"
        />
      )}
      {/* Outside the ERC1155 box: an ERC721 no longer held is refused with this message too. */}
      <RuleMessage text={amountError} testId="transfer-amount-error" />
    </TradeDialog>
  );
}
