import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { errorText } from '../../../lib/errors';
import { isSignedIn, openConnectDialog, useSession } from '../../../lib/session';
import { fetchFavourite } from '../api';
import { setFavourite } from './api';

// Under the item page's ['item', ...] keys, so that its favourite count refreshes with the toggle.
const favouriteKey = (item: { contractAddr: string; tokenId: string }, viewer: string | null) =>
  [
    'item',
    { contractAddr: item.contractAddr, tokenId: item.tokenId },
    'favourite',
    viewer,
  ] as const;

/** The favourite toggle and count of an item; signed out, it opens the sign-in prompt. */
export function FavouriteButton({ item }: { item: { contractAddr: string; tokenId: string } }) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const key = favouriteKey(item, session.address);
  const info = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchFavourite(item, signal),
  });
  const toggle = useMutation({
    mutationFn: (on: boolean) => setFavourite(item, on),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['item'] }),
    onError: (error) => toast.error(errorText(error, t)),
  });
  const on = info.data?.collect ?? false;
  const press = () => {
    if (!isSignedIn(session)) {
      toast.error(t('errors.notLoggedIn'));
      openConnectDialog();
      return;
    }
    toggle.mutate(!on);
  };
  return (
    <button
      type="button"
      data-testid="favourite-toggle"
      aria-pressed={on}
      disabled={toggle.isPending}
      onClick={press}
      className="inline-flex h-10 items-center gap-2 rounded-full border border-white/15 px-4 text-sm text-slate-200 hover:bg-white/10 disabled:opacity-50"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
        <path
          d="M12 21s-7.5-4.6-9.5-9.1C1.1 8.7 3.2 5 6.8 5c2 0 3.4 1.1 4.2 2.3.8-1.2 2.2-2.3 4.2-2.3 3.6 0 5.7 3.7 4.3 6.9C19.5 16.4 12 21 12 21z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          className={on ? 'text-rose-400' : ''}
        />
      </svg>
      {/* The name is read text, not aria-label, so that it contains the visible count (WCAG 2.5.3). */}
      <span className="sr-only">{on ? t('trade.favourite.remove') : t('trade.favourite.add')}</span>
      <span data-testid="favourite-count">{info.data?.collectNum ?? 0}</span>
    </button>
  );
}
