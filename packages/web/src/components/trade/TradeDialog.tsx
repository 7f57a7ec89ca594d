import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TxStatus, type TxState } from '../../lib/tx-flow';
import { ModalDialog } from '../ModalDialog';
import { buttonClass } from './classes';

/** The button that starts the dialog's transaction (it reads "working" while the flow is busy). */
export interface TradeSubmit {
  label: string;
  testId: string;
  onSubmit: () => void;
  /** Besides while the flow is busy, which always disables it. */
  disabled?: boolean;
  variant?: 'primary' | 'danger';
}

/**
 * A review step between the form and the wallet: the form's Review button, then the step with
 * Back (to the form) and the submit button.
 */
export interface TradeReview {
  label: string;
  testId: string;
  disabled?: boolean;
  /** Runs on Review; false keeps the form (the dialog now shows why). */
  onReview?: () => boolean;
  /** What the step shows; null while the form's values cannot be shown (the form stays). */
  renderStep: () => ReactNode;
}

/**
 * The one dialog of every trade: the dialog's own fields, then the transaction's status, then the
 * footer. The footer is the submit button, after a Review button when there is a review step,
 * with Back beside it in the review step (to the form) or when `back` is set (it closes: a dialog
 * that only asks yes or no). Once the flow is done, `success` replaces the fields and a Close
 * button the footer; a dialog without `success` closes itself on success. The dialog cannot be
 * closed while the flow is busy.
 */
export function TradeDialog({
  title,
  description,
  testId,
  onClose,
  flow,
  submit,
  review,
  back = false,
  success,
  summary,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  testId: string;
  onClose: () => void;
  /** The dialog's transaction flow; none for a step that only picks what to trade. */
  flow?: { state: TxState; busy: boolean };
  submit: TradeSubmit;
  review?: TradeReview;
  back?: boolean;
  /** Shown instead of the fields once the flow is done. */
  success?: ReactNode;
  /** Shown under the fields and under the review step alike (what the trade costs or pays). */
  summary?: ReactNode;
  /** The form. */
  children?: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  const busy = flow?.busy ?? false;
  const done = success !== undefined && flow?.state.phase === 'done';
  const step = review && confirming ? review.renderStep() : null;
  return (
    <ModalDialog
      title={title}
      description={description}
      onClose={onClose}
      busy={busy}
      testId={testId}
    >
      {done ? (
        success
      ) : (
        <>
          {step ?? children}
          {summary}
        </>
      )}
      {flow && <TxStatus state={flow.state} />}
      <div className="mt-6 flex justify-end gap-3">
        <TradeFooter
          done={done}
          busy={busy}
          submit={submit}
          review={review}
          confirming={confirming}
          onReview={() => {
            if (review?.onReview?.() ?? true) setConfirming(true);
          }}
          onBack={review ? () => setConfirming(false) : back ? onClose : null}
          onClose={onClose}
        />
      </div>
    </ModalDialog>
  );
}

function TradeFooter({
  done,
  busy,
  submit,
  review,
  confirming,
  onReview,
  onBack,
  onClose,
}: {
  done: boolean;
  busy: boolean;
  submit: TradeSubmit;
  review: TradeReview | undefined;
  confirming: boolean;
  onReview: () => void;
  /** Null: no Back button. */
  onBack: (() => void) | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  if (done) {
    return (
      <button type="button" className={buttonClass.primary} onClick={onClose}>
        {t('trade.actions.close')}
      </button>
    );
  }
  if (review && !confirming) {
    return (
      <button
        type="button"
        data-testid={review.testId}
        disabled={review.disabled}
        onClick={onReview}
        className={buttonClass.primary}
      >
        {review.label}
      </button>
    );
  }
  return (
    <>
      {onBack && (
        <button type="button" className={buttonClass.secondary} disabled={busy} onClick={onBack}>
          {t('trade.actions.back')}
        </button>
      )}
      <button
        type="button"
        data-testid={submit.testId}
        disabled={submit.disabled || busy}
        onClick={submit.onSubmit}
        className={buttonClass[submit.variant ?? 'primary']}
      >
        {busy ? t('trade.tx.working') : submit.label}
      </button>
    </>
  );
}

/** The success line a trade dialog shows once its transaction is done. */
export function TradeSuccess({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p data-testid={testId} className="mt-4 text-emerald-300">
      {children}
    </p>
  );
}
