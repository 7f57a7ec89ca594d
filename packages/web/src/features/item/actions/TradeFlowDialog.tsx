import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TradeDialog, buttonClass } from '../../../components/trade';
import { TxStatus, type TxState } from '../../../lib/tx-flow';

/**
 * The dialog of a trade that ends in its own success view (listing, transfer): the form and its
 * buttons until the transaction is done, then the success message and a Close button; the
 * transaction status stands between the two in every phase.
 */
export function TradeFlowDialog({
  title,
  description,
  testId,
  flow,
  onClose,
  success,
  successTestId,
  actions,
  children,
}: {
  title: string;
  description?: string;
  testId: string;
  flow: { state: TxState; busy: boolean };
  onClose: () => void;
  success: string;
  successTestId: string;
  /** The buttons while the form is shown. */
  actions: ReactNode;
  /** The form. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const done = flow.state.phase === 'done';
  return (
    <TradeDialog
      title={title}
      description={description}
      onClose={onClose}
      busy={flow.busy}
      testId={testId}
    >
      {done ? (
        <p data-testid={successTestId} className="mt-4 text-emerald-300">
          {success}
        </p>
      ) : (
        children
      )}
      <TxStatus state={flow.state} />
      <div className="mt-6 flex justify-end gap-3">
        {done ? (
          <button type="button" className={buttonClass.primary} onClick={onClose}>
            {t('trade.actions.close')}
          </button>
        ) : (
          actions
        )}
      </div>
    </TradeDialog>
  );
}
