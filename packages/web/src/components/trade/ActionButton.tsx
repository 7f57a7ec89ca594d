import type { ReactNode } from 'react';
import { buttonClass } from './classes';

/**
 * A trading action's button (Buy, Sell, Make offer...), in one of the trade button styles. Kept
 * apart from the dialogs (like './classes') so that first-visit code can use it.
 */
export function ActionButton({
  kind,
  testId,
  onClick,
  className = '',
  children,
}: {
  kind: keyof typeof buttonClass;
  testId: string;
  onClick: () => void;
  /** More classes after the style's (a smaller size). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-testid={testId}
      className={buttonClass[kind] + className}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
