import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isListingPriceInput, VALIDATION_MESSAGES, validationKeyOf } from '@aiamarket/shared';
import { inputClass } from '../../../components/trade';

/** The English message of a shared rule, translated. */
export function useRuleText() {
  const { t } = useTranslation();
  return (message: { message: string } | null | undefined) => {
    if (!message) return null;
    const key = validationKeyOf(message.message);
    return key ? t(key as 'trade.rules.priceRequired') : message.message;
  };
}

/**
 * The price box of listing and price change: digits and one dot, 20 characters at most (other
 * keystrokes are refused with 'numbers only'); a price of 0 is cleared on blur.
 */
export function PriceField({
  value,
  onChange,
  onRefused,
  onBlurZero,
  error,
  symbol,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  onRefused: () => void;
  onBlurZero: () => void;
  error: string | null;
  symbol: string;
  label: string;
}) {
  const id = useId();
  return (
    <div className="mt-4">
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          data-testid="price-input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            const next = e.target.value.trim();
            if (isListingPriceInput(next)) onChange(next);
            else onRefused();
          }}
          onBlur={() => {
            if (value && /^[0.]+$/.test(value)) onBlurZero();
          }}
          className={`${inputClass} pr-20`}
        />
        <span className="absolute top-1/2 right-3 -translate-y-1/2 text-sm text-slate-400">
          {symbol}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}

export const NUMBERS_ONLY = VALIDATION_MESSAGES.numbersOnly;
export const ABOVE_ZERO = VALIDATION_MESSAGES.aboveZero;
