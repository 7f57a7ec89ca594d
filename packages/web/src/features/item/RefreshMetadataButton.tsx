import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { liveTopic, type RefreshMetadataVO } from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { useLiveTopics } from '../../lib/live';
import type { ItemKey } from './api';

/** Without a live stream (or its event), the page is reloaded this long after a queued refresh. */
const FALLBACK_MS = 15_000;

/**
 * Asks the server to fetch the item's metadata again. The server answers at once (`queued`);
 * the button says so until the item's topic carries the stored metadata (the page's own live
 * refresh then shows it), or until a fallback reload.
 */
export function RefreshMetadataButton({ itemKey }: { itemKey: ItemKey }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [queued, setQueued] = useState(false);
  const reload = () =>
    void queryClient.invalidateQueries({ queryKey: ['item', itemKey] }, { cancelRefetch: false });
  useLiveTopics([queued && liveTopic.item(itemKey.contractAddr, itemKey.tokenId)], (event) => {
    if (event.kind === 'metadata') setQueued(false);
  });
  const { contractAddr, tokenId } = itemKey;
  useEffect(() => {
    if (!queued) return;
    const timer = setTimeout(() => {
      setQueued(false);
      void queryClient.invalidateQueries({ queryKey: ['item', { contractAddr, tokenId }] });
    }, FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [queued, queryClient, contractAddr, tokenId]);
  const refresh = useMutation({
    mutationFn: () =>
      apiRequest<RefreshMetadataVO>('/nftMeta/refresh', {
        body: { contractAddr: itemKey.contractAddr, tokenId: itemKey.tokenId },
      }),
    onSuccess: (answer) => {
      if (answer.state === 'queued') setQueued(true);
      else {
        toast.success(t('item.refreshMeta.done'));
        reload();
      }
    },
    onError: (error) => toast.error(errorText(error, t)),
  });
  return (
    <button
      type="button"
      data-testid="refresh-metadata"
      data-state={queued ? 'queued' : 'idle'}
      disabled={queued || refresh.isPending}
      onClick={() => refresh.mutate()}
      className="inline-flex h-8 items-center rounded-full border border-white/15 px-3 text-xs text-slate-300 hover:bg-white/10 disabled:opacity-60"
    >
      {queued ? t('item.refreshMeta.queued') : t('item.refreshMeta.button')}
    </button>
  );
}
