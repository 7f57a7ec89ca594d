import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shortenAddress } from '@aiamarket/shared';
import type { Session } from '../lib/session';
import { logout, useWalletStatus } from '../lib/wallet';
import { Avatar } from './Avatar';

const ITEM =
  'flex cursor-pointer items-center rounded-lg px-3 py-2 outline-none select-none data-highlighted:bg-white/10';

/** The signed-in visitor's menu: My NFTs, My collection, Settings, Log out (spec section 2). */
export default function AccountMenu({ session }: { session: Session }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const walletStatus = useWalletStatus();
  const address = session.address ?? '';
  const user = session.userInfo;
  const label = user?.username || shortenAddress(address);

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          data-testid="account-menu"
          data-address={address}
          data-wallet-status={walletStatus}
          aria-label={t('account.menu', { name: label })}
          className="inline-flex h-10 shrink-0 items-center gap-2 rounded-full border border-white/10 bg-white/5 pr-3 pl-1 text-sm font-medium text-slate-100 hover:bg-white/10"
        >
          <Avatar src={user?.imageUrl} seed={address} size={32} priority className="size-8" />
          <span className="hidden max-w-32 truncate sm:inline">{label}</span>
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-48 rounded-xl border border-white/10 bg-ink-900 p-1.5 text-sm text-slate-100 shadow-xl shadow-black/40"
        >
          <DropdownMenu.Label className="px-3 py-1.5 font-mono text-xs text-slate-400">
            {shortenAddress(address)}
          </DropdownMenu.Label>
          <DropdownMenu.Item
            data-testid="menu-my-nfts"
            className={ITEM}
            onSelect={() => navigate(`/account/0/${address}`)}
          >
            {t('nav.myNfts')}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            data-testid="menu-my-collections"
            className={ITEM}
            onSelect={() => navigate('/account/collection')}
          >
            {t('nav.myCollections')}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            data-testid="menu-settings"
            className={ITEM}
            onSelect={() => navigate(`/user-settings/${address}`)}
          >
            {t('nav.settings')}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-white/10" />
          <DropdownMenu.Item
            data-testid="menu-logout"
            className={`${ITEM} text-red-300`}
            onSelect={() => void logout()}
          >
            {t('nav.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
