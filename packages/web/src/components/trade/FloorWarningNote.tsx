import { useTranslation } from 'react-i18next';
import { REFERENCE_UNIT } from '@aiamarket/shared';
import { useLocaleFormat } from '../../lib/localeFormat';
import type { FloorWarning } from './floor';

/**
 * The price-sanity warning of a listing's review (a price under half or above ten times the
 * collection floor); nothing without a warning. `className` places it: a box of its own in the
 * single listing's review, a line under each listing in the bulk review.
 */
export function FloorWarningNote({
  warning,
  className,
}: {
  warning: FloorWarning;
  className: string;
}) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  if (!warning) return null;
  return (
    <p role="alert" data-testid="floor-warning" data-kind={warning.kind} className={className}>
      {t(warning.kind === 'belowHalf' ? 'trade.confirm.belowFloor' : 'trade.confirm.aboveFloor', {
        floor: `${fmt.price(warning.floor)} ${REFERENCE_UNIT.symbol}`,
      })}
    </p>
  );
}
