import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pillClass } from '../../components/pill';

export { ModalDialog as LaunchpadModal } from '../../components/ModalDialog';

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
            className={pillClass.brand}
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
