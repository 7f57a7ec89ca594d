import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  numberSeparatorsOf,
  parseDecimalInput,
  VALIDATION_MESSAGES,
  validationKeyOf,
  type RuleCheck,
} from '@aiamarket/shared';
import { inputClass } from './classes';

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
 * The price box of listing, price change and offers. It keeps every character typed: the modal reads
 * the text in the interface language (checkListingPrice) and shows why it is refused, so that
 * "1,5" is 1.5 in Turkish and an error in English, never 15. A price of 0 is cleared on blur.
 */
export function PriceField({
  value,
  onChange,
  onBlurZero,
  error,
  symbol,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlurZero: () => void;
  error: string | null;
  symbol: string;
  label: string;
}) {
  const id = useId();
  const { i18n } = useTranslation();
  const { decimal } = numberSeparatorsOf(i18n.language);
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
          placeholder={`0${decimal}00`}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => {
            const read = parseDecimalInput(value, i18n.language);
            if (read.ok && read.value === '0') onBlurZero();
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

export const ABOVE_ZERO = VALIDATION_MESSAGES.aboveZero;

/**
 * The state of a PriceField: the text typed, whether it was edited (no rule message before the
 * first keystroke), and the "above zero" message a cleared 0 leaves until the next keystroke.
 * `initial`: a price typed earlier.
 */
export function usePriceEntry(initial = '') {
  const ruleText = useRuleText();
  // A price given back (a kept draft, an offer made again) counts as typed: its rule message shows at once.
  const [price, setPrice] = useState(initial);
  const [edited, setEdited] = useState(initial !== '');
  const [typingError, setTypingError] = useState<string | null>(null);
  return {
    price,
    edited,
    /** The message to show for `check` (the rule read on `price`), or null. */
    errorOf: (check: RuleCheck<unknown>) =>
      typingError ?? (edited && !check.ok ? ruleText(check.message) : null),
    fieldProps: {
      value: price,
      onChange: (value: string) => {
        setPrice(value);
        setEdited(true);
        setTypingError(null);
      },
      onBlurZero: () => {
        setPrice('');
        setTypingError(ruleText(ABOVE_ZERO));
      },
    },
  };
}
