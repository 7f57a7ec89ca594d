import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@aiamarket/shared';
import { CloseIcon } from '../icons';

/** The 550-wide dialog of every trading action; it cannot be closed while a transaction runs. */
export function TradeDialog({
  title,
  description,
  onClose,
  busy = false,
  testId,
  children,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  onClose: () => void;
  busy?: boolean;
  testId: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content
          data-testid={testId}
          aria-busy={busy}
          {...(description ? {} : { 'aria-describedby': undefined })}
          style={{ width: `min(94vw, ${LAYOUT.modalWidthPx}px)` }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-white/10 bg-ink-900 p-6 text-slate-100 shadow-2xl shadow-black/50"
        >
          <Dialog.Title className="pr-8 text-lg font-semibold">{title}</Dialog.Title>
          {description && (
            <Dialog.Description className="mt-1 text-sm text-slate-400">
              {description}
            </Dialog.Description>
          )}
          {children}
          <Dialog.Close asChild>
            <button
              type="button"
              disabled={busy}
              aria-label={t('trade.actions.close')}
              className="absolute top-4 right-4 rounded-full p-1.5 text-slate-400 hover:bg-white/10 hover:text-white disabled:opacity-40"
            >
              <CloseIcon />
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The primary and secondary buttons of the dialogs. */
export const buttonClass = {
  primary:
    'inline-flex h-11 items-center justify-center rounded-full bg-brand-500 px-6 text-sm font-semibold text-ink-950 hover:bg-brand-400 disabled:cursor-not-allowed disabled:opacity-40',
  secondary:
    'inline-flex h-11 items-center justify-center rounded-full border border-white/20 px-6 text-sm font-semibold text-white hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-40',
  danger:
    'inline-flex h-11 items-center justify-center rounded-full bg-rose-500 px-6 text-sm font-semibold text-white hover:bg-rose-400 disabled:cursor-not-allowed disabled:opacity-40',
} as const;

export const inputClass =
  'mt-1 h-11 w-full rounded-xl border border-white/15 bg-ink-950 px-3 text-slate-100 placeholder:text-slate-500 focus:border-brand-400 focus:outline-none aria-[invalid=true]:border-rose-400';
