import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { formatUnits } from 'viem';
import { DEFAULT_COIN_DECIMALS, formatPrice } from '@aiamarket/shared';
import { localizeDecimal } from '../../lib/localeFormat';
import { useSession } from '../../lib/session';
import { TxStatus, useTxFlow } from '../../lib/tx-flow';
import {
  mint,
  mintCost,
  readCoinMinted,
  readSaleConfig,
  readSupply,
  readUserMinted,
} from './chain';
import { LaunchpadModal, SuccessView } from './Modal';
import { CountStepper, useMessage } from './parts';
import {
  checkMint,
  coinRemaining,
  formatCount,
  isCoinSoldOut,
  mintCeiling,
  readCount,
  remainingSupply,
  type RuleMessage,
} from './rules';
import type { LaunchpadProject, MintCoin } from './types';

/** A rule's message or a decoded contract error, shown under the coin's row. */
type Message = { key: string; values?: Record<string, string | number> };

/** What the chain says when the modal opens (re-read after each mint). */
export interface MintState {
  supplyLeft: number;
  /** coin address (lowercase) -> NFTs that can still be minted with it. */
  coinLeft: Record<string, number | undefined>;
  user?: { minted: number; remaining: number };
  /** The contract's per-wallet and per-transaction caps; undefined when getConfig failed. */
  maxUserSize?: number;
  maxBatchSize?: number;
}

export async function readMintState(
  project: LaunchpadProject,
  user: string | null,
): Promise<MintState> {
  const [supply, config, minted, mine] = await Promise.all([
    readSupply(project),
    readSaleConfig(project).catch((error: unknown) => {
      // Spec section 8: a config read failure is only logged.
      console.error('launchpad config read failed', error);
      return null;
    }),
    Promise.all(
      project.mintCoin.map((c) => readCoinMinted(project, c.address).catch(() => undefined)),
    ),
    user ? readUserMinted(project, user).catch(() => undefined) : Promise.resolve(undefined),
  ]);
  const coinLeft: MintState['coinLeft'] = {};
  project.mintCoin.forEach((c, i) => {
    const max = config?.coinCaps.get(c.address.toLowerCase()) ?? c.maxAmount;
    coinLeft[c.address.toLowerCase()] = coinRemaining(max, minted[i]);
  });
  return {
    supplyLeft: remainingSupply(supply.collectionSize, supply.totalSupply),
    coinLeft,
    ...(mine ? { user: mine } : {}),
    ...(config ? { maxUserSize: config.maxUserSize, maxBatchSize: config.maxBatchSize } : {}),
  };
}

/** The mint modal (550 wide): one row per coin with a stepper, a mint button and the total. */
export function MintModal({
  project,
  onClose,
  onMinted,
}: {
  project: LaunchpadProject;
  onClose: () => void;
  onMinted: () => void;
}) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const session = useSession();
  const vo = project.collectionsVO;
  // The one chain-action flow: the wallet on the product chain, each step's hash, the indexer.
  const flow = useTxFlow();
  const busy = flow.busy;
  const [done, setDone] = useState(false);
  const [counts, setCounts] = useState<Record<string, number>>({});
  // What is typed while it is not (yet) a count ("1," on the way to "1,234"): kept as typed.
  const [drafts, setDrafts] = useState<Record<string, string | undefined>>({});
  const [errors, setErrors] = useState<Record<string, Message | null>>({});
  const state = useQuery({
    queryKey: ['launchpad', 'mintState', project.contractAddr, project.tokenId, session.address],
    queryFn: () => readMintState(project, session.address),
    // Chain state: read again each time the modal opens (the app's default keeps data 30 s).
    staleTime: 0,
  });
  const image = vo.boxUrl || vo.coverUrl;
  const countOf = (c: MintCoin) => counts[c.address] ?? 1;
  // The chain's caps when read, else the project record's (the server caches it briefly).
  const limits = {
    mintMaxLimit: state.data?.maxUserSize ?? project.mintMaxLimit,
    maxBatchSize: state.data?.maxBatchSize ?? project.maxBatchSize,
  };

  // The stepper offers no more than this wallet may mint now with this coin: the per-transaction
  // cap, the remaining supply, the coin's remainder and the wallet's remaining allowance.
  const ceilingOf = (c: MintCoin) =>
    mintCeiling({
      ...limits,
      remainingSupply: state.data?.supplyLeft,
      coinRemaining: state.data?.coinLeft[c.address.toLowerCase()],
      userRemaining: state.data?.user?.remaining,
    });

  const setCount = (c: MintCoin, next: number) => {
    let value = Math.max(0, next);
    let error: RuleMessage | null = null;
    const ceiling = ceilingOf(c);
    if (value > ceiling.max) {
      error = ceiling.message;
      value = ceiling.max;
    }
    setCounts((all) => ({ ...all, [c.address]: value }));
    setErrors((all) => ({ ...all, [c.address]: error }));
    setDrafts((all) => ({ ...all, [c.address]: undefined }));
  };

  /** A typed quantity: a count is taken (and capped); other text stays, said refused, minting 0. */
  const typeCount = (c: MintCoin, text: string) => {
    const read = readCount(text, i18n.language);
    if (read.ok && text.trim()) {
      setCount(c, read.count);
      return;
    }
    setCounts((all) => ({ ...all, [c.address]: 0 }));
    setErrors((all) => ({ ...all, [c.address]: read.ok ? null : read.message }));
    setDrafts((all) => ({ ...all, [c.address]: text }));
  };

  const submit = async (c: MintCoin) => {
    if (busy) return;
    const count = countOf(c);
    // The rules run on what the chain says now, not on what it said when the modal opened.
    const fresh = (await state.refetch()).data ?? state.data;
    const rule = checkMint(count, {
      remainingSupply: fresh?.supplyLeft ?? project.mintNum,
      mintMaxLimit: fresh?.maxUserSize ?? project.mintMaxLimit,
      maxBatchSize: fresh?.maxBatchSize ?? project.maxBatchSize,
      coinRemaining: fresh?.coinLeft[c.address.toLowerCase()],
      userRemaining: fresh?.user?.remaining,
    });
    setErrors((all) => ({ ...all, [c.address]: rule }));
    if (rule) {
      toast.error(message(rule));
      return;
    }
    // The flow says a failure (toast and the status under the rows, as in the trade dialogs);
    // the log keeps its cause for the console.
    const ok = await flow.run((wallet, onHash) =>
      mint(wallet, project, c, count, onHash).catch((error: unknown) => {
        console.error('launchpad mint failed', error);
        throw error;
      }),
    );
    if (!ok) return;
    toast.success(t('launchpad.mintSuccess'));
    setDone(true);
    onMinted();
    void state.refetch();
  };

  if (done) {
    return (
      <LaunchpadModal title={t('launchpad.mintModal.title')} onClose={onClose} testId="mint-modal">
        <SuccessView
          title={t('launchpad.mintModal.successTitle')}
          image={image}
          name={vo.name}
          address={session.address}
          onClose={onClose}
        />
      </LaunchpadModal>
    );
  }

  const priceText = project.mintCoin
    .map((c) => `${localizeDecimal(i18n.language, c.number)} ${c.coin}`)
    .join(' / ');
  return (
    <LaunchpadModal
      title={t('launchpad.mintModal.title')}
      onClose={onClose}
      busy={busy}
      testId="mint-modal"
    >
      <div className="mt-4 flex items-center gap-4">
        {image ? (
          <img src={image} alt={vo.name} className="size-20 rounded-xl object-cover" />
        ) : (
          <div className="size-20 rounded-xl bg-gradient-to-br from-brand-500/30 to-violet-500/30" />
        )}
        <div>
          <p className="font-semibold text-white">{vo.name}</p>
          <p className="text-sm text-slate-400">{priceText}</p>
        </div>
      </div>
      <ul className="mt-5 space-y-4">
        {project.mintCoin.map((c) => {
          const count = countOf(c);
          const soldOut = state.data
            ? isCoinSoldOut(state.data.supplyLeft, state.data.coinLeft[c.address.toLowerCase()])
            : false;
          const total = localizeDecimal(
            i18n.language,
            formatPrice(formatUnits(mintCost(c, count), c.decimals ?? DEFAULT_COIN_DECIMALS)),
          );
          const error = errors[c.address];
          return (
            <li
              key={c.address}
              data-testid={`mint-row-${c.coin}`}
              className="rounded-xl border border-white/10 bg-white/5 p-3"
            >
              <div className="flex flex-wrap items-center gap-3">
                <CountStepper
                  count={count}
                  text={drafts[c.address] ?? formatCount(count, i18n.language)}
                  busy={busy}
                  label={t('launchpad.mintModal.quantity', { coin: c.coin })}
                  onStep={(next) => setCount(c, next)}
                  onType={(text) => typeCount(c, text)}
                  large
                  testIds={{ minus: 'mint-minus', input: 'mint-count', plus: 'mint-plus' }}
                />
                <button
                  type="button"
                  data-testid="mint-submit"
                  disabled={busy || soldOut}
                  onClick={() => void submit(c)}
                  className="h-9 flex-1 rounded-full bg-brand-500 px-4 text-sm font-semibold text-ink-950 hover:bg-brand-400 disabled:bg-white/10 disabled:text-slate-400"
                >
                  {soldOut
                    ? t('launchpad.page.soldOut')
                    : t('launchpad.mintModal.mintWith', { coin: c.coin })}
                </button>
              </div>
              <p className="mt-2 text-right text-sm text-slate-300" data-testid="mint-total">
                {t('launchpad.mintModal.total', { amount: total, coin: c.coin })}
              </p>
              {error && (
                <p role="alert" data-testid="mint-error" className="mt-1 text-sm text-red-300">
                  {message(error)}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <TxStatus state={flow.state} />
      <p className="mt-4 text-sm text-slate-400" data-testid="mint-price-line">
        {t('launchpad.mintModal.priceLine', {
          price: priceText,
          max: formatCount(limits.mintMaxLimit, i18n.language),
        })}
      </p>
      {state.data?.user && (
        <p className="mt-1 text-sm text-slate-400" data-testid="mint-yours">
          {t('launchpad.mintModal.yours', state.data.user)}
        </p>
      )}
    </LaunchpadModal>
  );
}

export default MintModal;
