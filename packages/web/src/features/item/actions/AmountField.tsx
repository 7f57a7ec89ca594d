import { useId, type ReactNode } from 'react';
import { inputClass } from '../../../components/trade/classes';

/**
 * The ERC1155 amount box of listing and transfer: its label with what is held beside it, and a
 * whole-number input (spaces dropped as typed). The rule message stays with the modal, because
 * transfer shows it below this block, where an ERC721's "not held" message appears too; listing
 * passes it as children, under the input.
 */
export function AmountField({
  label,
  holding,
  value,
  onChange,
  invalid,
  testId,
  children,
}: {
  label: string;
  /** What is held, as the modal words it, e.g. "(5 available)". */
  holding: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  testId: string;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="mt-4">
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label} <span className="text-slate-400">{holding}</span>
      </label>
      <input
        id={id}
        data-testid={testId}
        inputMode="numeric"
        value={value}
        aria-invalid={invalid ? true : undefined}
        onChange={(e) => onChange(e.target.value.trim())}
        className={inputClass}
      />
      {children}
    </div>
  );
}
