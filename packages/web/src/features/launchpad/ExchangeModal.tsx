import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { CONTRACT_TYPE, LAYOUT } from '@aiamarket/shared';
import { openConnectDialog, useSession } from '../../lib/session';
import { TxStatus, useTxFlow } from '../../lib/tx-flow';
import { fetchContractInfo } from './api';
import { readSaleConfig, readSupply, readUserMinted, swap, type SourceAsset } from './chain';
import { useSourceAssets } from './sourceAssets';
import { LaunchpadModal, SuccessView } from './Modal';
import { CountStepper, useMessage } from './parts';
import {
  checkExchange,
  checkHeldAmount,
  formatCount,
  readCount,
  receivedFor,
  remainingSupply,
  selectedTotal,
  type CountMessage,
  type RuleMessage,
} from './rules';
import type { LaunchpadProject } from './types';

/** The exchange modal (550 wide): the user's source NFTs, the tip, approval then swap. */
export function ExchangeModal({
  project,
  onClose,
  onExchanged,
}: {
  project: LaunchpadProject;
  onClose: () => void;
  onExchanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const session = useSession();
  const vo = project.collectionsVO;
  const source = project.exchangeAddr ?? '';
  // The one chain-action flow: the wallet on the product chain, each step's hash, the indexer.
  const flow = useTxFlow();
  const busy = flow.busy;
  const [received, setReceived] = useState<number | null>(null);
  const [chosen, setChosen] = useState<Record<string, number>>({});
  // What is typed while it is not (yet) an amount ("1," on the way to "1,234"): kept as typed.
  const [drafts, setDrafts] = useState<Record<string, string | undefined>>({});
  const [error, setError] = useState<RuleMessage | CountMessage | null>(null);

  const info = useQuery({
    queryKey: ['launchpad', 'contract', source],
    queryFn: () => fetchContractInfo(source),
    enabled: !!source,
  });
  const sourceType: 721 | 1155 = info.data?.contractType === CONTRACT_TYPE.erc1155 ? 1155 : 721;
  const sourceName = info.data?.name ?? '';
  const assets = useSourceAssets({
    source,
    type: sourceType,
    owner: session.address,
    collectionName: sourceName,
    enabled: !!info.data,
  });
  const list = assets.data?.pages.flatMap((p) => p.records) ?? [];
  // The next 20 when the 310 px list is scrolled near its end.
  const onListScroll = (e: React.UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    const nearEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 40;
    if (nearEnd && assets.hasNextPage && !assets.isFetchingNextPage) void assets.fetchNextPage();
  };
  const loading =
    !!session.address && !info.isError && !assets.isError && (info.isPending || assets.isPending);
  const buyPath = `/collection/${encodeURIComponent(sourceName)}`;
  const selected = selectedTotal(Object.values(chosen));
  const preview = receivedFor(selected, project.newNum, project.oldNum);
  const receivedText = Number.isFinite(preview) ? Math.floor(preview) : 0;

  const choose = (a: SourceAsset, amount: number) => {
    const checked = checkHeldAmount(amount, a.amount);
    // Above the held amount the choice is capped and kept: the capped value is valid, so the
    // reason is said once (toast) and no error stays on the form; a new choice clears an old one.
    setError(null);
    if (checked.message) toast.error(message(checked.message), { id: 'exchange-beyond' });
    setChosen((all) => ({ ...all, [a.tokenId]: checked.amount }));
    setDrafts((all) => ({ ...all, [a.tokenId]: undefined }));
  };

  /** A typed amount: a count is chosen (and capped); other text stays, said refused, choosing 0. */
  const typeAmount = (a: SourceAsset, text: string) => {
    const read = readCount(text, i18n.language);
    if (read.ok && text.trim()) {
      choose(a, read.count);
      return;
    }
    setError(read.ok ? null : read.message);
    setChosen((all) => ({ ...all, [a.tokenId]: 0 }));
    setDrafts((all) => ({ ...all, [a.tokenId]: text }));
  };

  const submit = async () => {
    if (busy) return;
    // The swap is the signed-in user's (the modal opens for them only).
    const account = session.address;
    if (!account) {
      openConnectDialog();
      return;
    }
    let before: number;
    let check;
    try {
      const [supply, mine, config] = await Promise.all([
        readSupply(project),
        readUserMinted(project, account),
        readSaleConfig(project).catch((e: unknown) => {
          console.error('launchpad config read failed', e);
          return null;
        }),
      ]);
      before = mine.minted;
      check = checkExchange(
        selected,
        { newNum: project.newNum, oldNum: project.oldNum },
        {
          remainingSupply: remainingSupply(supply.collectionSize, supply.totalSupply),
          mintMaxLimit: config?.maxUserSize ?? project.mintMaxLimit,
          maxBatchSize: config?.maxBatchSize ?? project.maxBatchSize,
          userRemaining: mine.remaining,
        },
      );
    } catch (e) {
      console.error('launchpad state read failed', e);
      toast.error(t('launchpad.transactionErr'));
      return;
    }
    if (!check.ok) {
      setError(check.message);
      toast.error(message(check.message));
      return;
    }
    setError(null);
    const selection = list
      .filter((a) => (chosen[a.tokenId] ?? 0) > 0)
      .map((a) => ({ tokenId: a.tokenId, amount: chosen[a.tokenId]! }));
    // The flow says a failure (toast and status, as in the trade dialogs); the log keeps its
    // cause for the console. The count received is read once the swap is mined.
    let num = 0;
    const ok = await flow.run(
      (wallet, onHash) =>
        swap(wallet, project, sourceType, selection, onHash).catch((e: unknown) => {
          console.error('launchpad swap failed', e);
          throw e;
        }),
      async () => {
        const after = await readUserMinted(project, account);
        num = Math.max(0, after.minted - before);
      },
    );
    if (!ok) return;
    toast.success(t('launchpad.exchangeSuccess', { num }));
    setReceived(num);
    setChosen({});
    onExchanged();
    void assets.refetch();
  };

  const title = (
    <>
      {t('launchpad.exchangeModal.title')}{' '}
      <span className="text-sm font-normal text-slate-400" data-testid="exchange-ratio">
        ({t('launchpad.exchangeTip', { oldNum: project.oldNum, newNum: project.newNum })})
      </span>
    </>
  );

  if (received !== null) {
    return (
      <LaunchpadModal title={title} onClose={onClose} testId="exchange-modal">
        <SuccessView
          title={`${t('launchpad.exchangeModal.successTitle')} · ${t('launchpad.exchangeSuccess', { num: formatCount(received, i18n.language) })}`}
          image={vo.boxUrl || vo.coverUrl}
          name={vo.name}
          address={session.address}
          onClose={onClose}
        />
      </LaunchpadModal>
    );
  }

  return (
    <LaunchpadModal title={title} onClose={onClose} busy={busy} testId="exchange-modal">
      <div className="mt-4 flex items-center justify-between text-sm">
        <span className="text-slate-300">{t('launchpad.exchangeModal.toSelect')}</span>
        {sourceName && (
          <Link
            to={buyPath}
            onClick={onClose}
            data-testid="exchange-go-buy"
            className="font-semibold text-brand-300 hover:text-brand-200"
          >
            {t('launchpad.exchangeModal.goToBuy')}
          </Link>
        )}
      </div>
      <div
        data-testid="exchange-list"
        className="mt-3 overflow-y-auto rounded-xl border border-white/10 bg-white/5"
        style={{ height: LAYOUT.nftListHeightPx }}
        onScroll={onListScroll}
      >
        {loading ? (
          <p className="p-6 text-center text-sm text-slate-400">
            {t('launchpad.exchangeModal.loading')}
          </p>
        ) : list.length === 0 ? (
          <div
            data-testid="exchange-empty"
            className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center text-sm text-slate-400"
          >
            <p>{t('launchpad.exchangeModal.noNft')}</p>
            {sourceName && (
              <Link
                to={buyPath}
                onClick={onClose}
                data-testid="exchange-to-buy"
                className="font-semibold text-brand-300"
              >
                {t('launchpad.exchangeModal.toBuy')}
              </Link>
            )}
          </div>
        ) : (
          <ul className="divide-y divide-white/5">
            {list.map((a) => {
              const amount = chosen[a.tokenId] ?? 0;
              return (
                <li
                  key={a.tokenId}
                  data-testid="exchange-item"
                  className="flex items-center gap-3 p-3"
                >
                  {a.imageUrl ? (
                    <img src={a.imageUrl} alt="" className="size-12 rounded-lg object-cover" />
                  ) : (
                    <div className="size-12 rounded-lg bg-gradient-to-br from-brand-500/30 to-violet-500/30" />
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-white">{a.name}</p>
                    {sourceType === 1155 && (
                      <p className="text-xs text-slate-400">
                        x {formatCount(a.amount, i18n.language)}
                      </p>
                    )}
                  </div>
                  {sourceType === 721 ? (
                    <input
                      type="checkbox"
                      data-testid="exchange-check"
                      aria-label={t('launchpad.exchangeModal.select', { name: a.name })}
                      checked={amount > 0}
                      disabled={busy}
                      onChange={(e) => choose(a, e.target.checked ? 1 : 0)}
                      className="size-5 accent-brand-500"
                    />
                  ) : (
                    <CountStepper
                      count={amount}
                      text={drafts[a.tokenId] ?? formatCount(amount, i18n.language)}
                      max={a.amount}
                      busy={busy}
                      label={t('launchpad.exchangeModal.select', { name: a.name })}
                      onStep={(next) => choose(a, next)}
                      onType={(text) => typeAmount(a, text)}
                      testIds={{ input: 'exchange-amount', plus: 'exchange-plus' }}
                    />
                  )}
                </li>
              );
            })}
            {assets.isFetchingNextPage && (
              <li className="p-3 text-center text-xs text-slate-400">
                {t('launchpad.exchangeModal.loading')}
              </li>
            )}
          </ul>
        )}
      </div>
      <p className="mt-3 text-sm text-slate-300" data-testid="exchange-tip">
        {t('launchpad.exchangeModal.tip', {
          selected: formatCount(selected, i18n.language),
          received: formatCount(receivedText, i18n.language),
          target: vo.name,
        })}
      </p>
      {error && (
        <p role="alert" data-testid="exchange-error" className="mt-1 text-sm text-red-300">
          {message(error)}
        </p>
      )}
      <TxStatus state={flow.state} />
      <button
        type="button"
        data-testid="exchange-confirm"
        disabled={busy || list.length === 0}
        onClick={() => void submit()}
        className="mt-4 h-11 w-full rounded-full bg-brand-500 font-semibold text-ink-950 hover:bg-brand-400 disabled:bg-white/10 disabled:text-slate-400"
      >
        {t('launchpad.exchangeModal.confirm')}
      </button>
    </LaunchpadModal>
  );
}

export default ExchangeModal;
