import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/errors';
import { FailureNotice } from '../FailureNotice';

/** A failed load: the reason and a retry button. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <FailureNotice
      tone="section"
      testId="error-state"
      message={errorText(error, t)}
      action={{ label: t('nft.retry'), onClick: onRetry, testId: 'error-retry' }}
    />
  );
}
