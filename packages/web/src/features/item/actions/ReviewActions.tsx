import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/trade';

/**
 * The two-step buttons of a trade form: Review until the user has checked the summary, then
 * Back and the button that sends the transaction (it reads "working" while the wallet is busy).
 */
export function ReviewActions({
  confirming,
  busy,
  onReview,
  onBack,
  onConfirm,
  reviewLabel,
  confirmLabel,
  reviewTestId,
  confirmTestId,
  reviewDisabled = false,
  confirmDisabled = false,
  confirmVariant = 'primary',
}: {
  confirming: boolean;
  busy: boolean;
  onReview: () => void;
  onBack: () => void;
  onConfirm: () => void;
  reviewLabel: string;
  confirmLabel: string;
  reviewTestId: string;
  confirmTestId: string;
  reviewDisabled?: boolean;
  /** Besides while busy, which always disables it. */
  confirmDisabled?: boolean;
  confirmVariant?: 'primary' | 'danger';
}) {
  const { t } = useTranslation();
  if (!confirming) {
    return (
      <button
        type="button"
        data-testid={reviewTestId}
        disabled={reviewDisabled}
        onClick={onReview}
        className={buttonClass.primary}
      >
        {reviewLabel}
      </button>
    );
  }
  return (
    <>
      <button type="button" className={buttonClass.secondary} disabled={busy} onClick={onBack}>
        {t('trade.actions.back')}
      </button>
      <button
        type="button"
        data-testid={confirmTestId}
        disabled={confirmDisabled || busy}
        onClick={onConfirm}
        className={buttonClass[confirmVariant]}
      >
        {busy ? t('trade.tx.working') : confirmLabel}
      </button>
    </>
  );
}
