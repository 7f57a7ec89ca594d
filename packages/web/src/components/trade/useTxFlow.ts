import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Hash } from 'viem';
import {
  chainErrorMessage,
  waitForIndexer,
  walletOnProductChain,
  type ChainErrorText,
  type ConnectedWallet,
  type TxHashHandler,
  type TxResult,
  type TxStep,
} from '../../lib/chain';

/**
 * idle -> wallet (waiting for the user) -> pending (hash known, mining) -> indexing (mined,
 * waiting for the API to show it) -> done; or error with a translated message.
 */
export type TxPhase = 'idle' | 'wallet' | 'pending' | 'indexing' | 'done' | 'error';

export interface TxState {
  phase: TxPhase;
  step: TxStep | null;
  hash: Hash | null;
  error: ChainErrorText | null;
}

const IDLE: TxState = { phase: 'idle', step: null, hash: null, error: null };

export type TxAction = (wallet: ConnectedWallet, onHash: TxHashHandler) => Promise<TxResult>;

/**
 * Runs one trading action: the signed-in wallet on the product chain, the action's transactions
 * (each hash shown as it is sent), then `after` (e.g. the server notification of a price change),
 * then waits for the indexer and refreshes every query so the page shows the result. A wallet
 * rejection or a revert becomes a short translated message; no wallet (the connect dialog opened)
 * ends quietly. Resolves true on success.
 */
export function useTxFlow() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<TxState>(IDLE);
  const running = useRef(false);

  const run = useCallback(
    async (action: TxAction, after?: (result: TxResult) => Promise<unknown>): Promise<boolean> => {
      if (running.current) return false;
      running.current = true;
      try {
        setState({ ...IDLE, phase: 'wallet' });
        const wallet = await walletOnProductChain();
        if (!wallet) {
          setState(IDLE);
          return false;
        }
        const result = await action(wallet, (step, hash) =>
          setState({ phase: 'pending', step, hash, error: null }),
        );
        setState((s) => ({ ...s, phase: 'indexing', hash: result.hash }));
        if (after) await after(result);
        await waitForIndexer(result.blockNumber);
        await queryClient.invalidateQueries();
        setState((s) => ({ ...s, phase: 'done', hash: result.hash }));
        return true;
      } catch (error) {
        const text = chainErrorMessage(error);
        setState((s) => ({ ...s, phase: 'error', error: text }));
        toast.error(t(text.key as 'launchpad.transactionErr', text.values ?? {}) as string);
        return false;
      } finally {
        running.current = false;
      }
    },
    [queryClient, t],
  );

  const reset = useCallback(() => setState(IDLE), []);
  const busy = state.phase === 'wallet' || state.phase === 'pending' || state.phase === 'indexing';
  return { state, run, reset, busy };
}
