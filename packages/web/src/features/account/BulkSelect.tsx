import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import type { Hex } from 'viem';
import { ORDER_KIND, type NftCardVO } from '@aiamarket/shared';
import { buttonClass } from '../../components/trade/classes';
import { MAX_BULK, itemKey } from './bulk';
import { BulkCancelModal } from './BulkCancelModal';
import { BulkListModal } from './BulkListModal';

/** The selection of select mode: up to MAX_BULK items, in the order they were picked. */
export interface Selection {
  selected: ReadonlyMap<string, NftCardVO>;
  toggle: (item: NftCardVO) => void;
}

/**
 * Select mode of the owner's Collected tab: pick up to MAX_BULK items, then list them
 * with one signature, cancel the selected ones' signed listings in one transaction, or cancel
 * every signed listing by raising the counter.
 */
export function useBulkSelect(owner: string) {
  const { t } = useTranslation();
  const [on, setOn] = useState(false);
  const [selected, setSelected] = useState<Map<string, NftCardVO>>(new Map());
  const [modal, setModal] = useState<'list' | 'cancel' | 'cancelAll' | null>(null);

  const toggle = (item: NftCardVO) =>
    setSelected((s) => {
      const next = new Map(s);
      const key = itemKey(item);
      if (next.has(key)) next.delete(key);
      else if (next.size >= MAX_BULK) toast.error(t('bulk.max', { max: MAX_BULK }));
      else next.set(key, item);
      return next;
    });
  const items = [...selected.values()];
  // The selected items' own signed listings (the card's order is the item's lowest listing).
  const signedHashes = items
    .map((i) => i.order)
    .filter((o) => o?.kind === ORDER_KIND.signed && o.signed && o.ownerAddr.toLowerCase() === owner)
    .map((o) => o!.signed!.orderHash as Hex);
  const close = () => {
    setModal(null);
    setSelected(new Map());
  };

  const bar = (
    <div className="flex flex-wrap items-center gap-2" data-testid="bulk-bar">
      <button
        type="button"
        data-testid="bulk-select-toggle"
        aria-pressed={on}
        className={buttonClass.secondary + ' h-9 px-4 text-xs'}
        onClick={() => {
          setOn((v) => !v);
          setSelected(new Map());
        }}
      >
        {on ? t('bulk.done') : t('bulk.select')}
      </button>
      {on && (
        <>
          <span data-testid="bulk-count" className="text-sm text-slate-300">
            {t('bulk.selected', { count: selected.size, max: MAX_BULK })}
          </span>
          <button
            type="button"
            data-testid="bulk-list"
            disabled={selected.size === 0}
            className={buttonClass.primary + ' h-9 px-4 text-xs'}
            onClick={() => setModal('list')}
          >
            {t('bulk.list', { count: selected.size })}
          </button>
          <button
            type="button"
            data-testid="bulk-cancel"
            disabled={signedHashes.length === 0}
            className={buttonClass.secondary + ' h-9 px-4 text-xs'}
            onClick={() => setModal('cancel')}
          >
            {t('bulk.cancel.button', { count: signedHashes.length })}
          </button>
          <button
            type="button"
            data-testid="bulk-cancel-all"
            className={buttonClass.secondary + ' h-9 px-4 text-xs'}
            onClick={() => setModal('cancelAll')}
          >
            {t('bulk.cancel.allButton')}
          </button>
        </>
      )}
      {modal === 'list' && <BulkListModal items={items} onClose={close} />}
      {modal === 'cancel' && <BulkCancelModal hashes={signedHashes} onClose={close} />}
      {modal === 'cancelAll' && <BulkCancelModal hashes="all" onClose={close} />}
    </div>
  );
  const selection: Selection | undefined = on ? { selected, toggle } : undefined;
  return { bar, selection };
}
