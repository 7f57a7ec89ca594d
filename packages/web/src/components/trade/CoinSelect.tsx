import { useId } from 'react';
import { inputClass } from './classes';

/**
 * The payment coin of a trade form: a labelled select of the market's coins, by their index in
 * `coins` (the form keeps the index or maps it to what it stores).
 */
export function CoinSelect({
  label,
  testId,
  coins,
  index,
  onChange,
  disabled,
  className = 'mt-4',
}: {
  label: string;
  testId: string;
  coins: readonly { address: string; symbol: string }[];
  index: number;
  onChange: (index: number) => void;
  disabled?: boolean;
  /** The block's spacing: none inside a grid. */
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      <select
        id={id}
        data-testid={testId}
        value={index}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
        className={inputClass}
      >
        {coins.map((c, i) => (
          <option key={c.address} value={i}>
            {c.symbol}
          </option>
        ))}
      </select>
    </div>
  );
}
