import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LAYOUT } from '@aiamarket/shared';
import { CloseIcon } from '../../components/icons';

/** The launchpad's 550-wide dialog. */
export function LaunchpadModal({
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
              aria-label={t('launchpad.mintModal.close')}
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

/** The success step: the NFT image and a link to the user's account page. */
export function SuccessView({
  title,
  image,
  name,
  address,
  onClose,
}: {
  title: string;
  image: string | null;
  name: string;
  address: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="launchpad-success"
      className="mt-4 flex flex-col items-center gap-4 text-center"
    >
      <p className="text-lg font-semibold text-emerald-300">{title}</p>
      {image ? (
        <img src={image} alt={name} className="size-48 rounded-xl object-cover" />
      ) : (
        <div className="size-48 rounded-xl bg-gradient-to-br from-brand-500/30 to-violet-500/30" />
      )}
      <div className="flex gap-3">
        {address && (
          <Link
            to={`/account/0/${address}`}
            onClick={onClose}
            data-testid="launchpad-success-account"
            className="inline-flex h-10 items-center rounded-full bg-brand-500 px-5 text-sm font-semibold text-ink-950 hover:bg-brand-400"
          >
            {t('launchpad.mintModal.viewAccount')}
          </Link>
        )}
        <button
          type="button"
          onClick={onClose}
          className="h-10 rounded-full border border-white/20 px-5 text-sm font-semibold text-white hover:bg-white/10"
        >
          {t('launchpad.mintModal.close')}
        </button>
      </div>
    </div>
  );
}
