import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@aiamarket/shared';
import { CloseIcon } from './icons';

/**
 * The dialog frame: overlay, title, close button. By default the 550-wide dialog of the trading
 * and launchpad actions, always open while mounted; it cannot be closed while busy.
 */
export function ModalDialog({
  title,
  description,
  onClose,
  open = true,
  busy = false,
  testId,
  width = `min(94vw, ${LAYOUT.modalWidthPx}px)`,
  closeLabel,
  contentProps,
  children,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  onClose: () => void;
  /** For a dialog that stays mounted and whose open state lives elsewhere. */
  open?: boolean;
  busy?: boolean;
  testId: string;
  /** A CSS width. */
  width?: string;
  closeLabel?: string;
  /** More attributes of the content element (data attributes, focus handlers). */
  contentProps?: Dialog.DialogContentProps & Record<`data-${string}`, string>;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content
          {...contentProps}
          data-testid={testId}
          aria-busy={busy}
          {...(description ? {} : { 'aria-describedby': undefined })}
          style={{ width }}
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
              aria-label={closeLabel ?? t('common.close')}
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
