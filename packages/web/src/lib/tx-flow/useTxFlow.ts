import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../toast';
import type { Hash } from 'viem';
import { ApiError, liveTopic } from '@aiamarket/shared';
import {
  chainErrorMessage,
  waitForIndexer,
  walletOnProductChain,
  type ChainErrorText,
  type ConnectedWallet,
  type TxHashHandler,
  type TxStep,
} from '../chain';
import { errorText } from '../errors';
import { liveStream } from '../live';

/**
 * idle -> wallet (waiting for the user: the connection, a chain switch or a signature) ->
 * pending (a transaction's hash known, mining) / submitting (waiting for the server) -> indexing
 * (mined, waiting for the API to show it) -> done; or error with a translated message.
 */
export type TxPhase = 'idle' | 'wallet' | 'pending' | 'submitting' | 'indexing' | 'done' | 'error';

/** One step of the action as it was reported: its transaction hash, none for a signature. */
export interface TxStepRecord {
  step: TxStep;
  hash: Hash | null;
}

/**
 * A failure's text: a translation key with its values, or the server's own words (`text`) for a
 * refusal the catalogue does not name.
 */
export interface TxErrorText extends ChainErrorText {
  text?: string;
}

export interface TxState {
  phase: TxPhase;
  /** The step now running (null before the first). */
  step: TxStep | null;
  /** The latest transaction's hash. */
  hash: Hash | null;
  /** Every step reported so far, in order. */
  steps: TxStepRecord[];
  error: TxErrorText | null;
}

const IDLE: TxState = { phase: 'idle', step: null, hash: null, steps: [], error: null };

/**
 * What an action's steps tell the flow. `hash`: a transaction of this step was sent (shown while
 * it is mined); `sign`: the wallet is asked for an off-chain signature; `submit`: the result goes
 * to the server.
 */
export interface TxReporter {
  hash: TxHashHandler;
  sign: (step: TxStep) => void;
  submit: (step: TxStep) => void;
}

/**
 * How an action ended: its last transaction and block (the indexer must reach it before the page
 * is refreshed), or null for an action that ended off chain (a signed offer sent to the server).
 */
export interface TxOutcome {
  hash: Hash | null;
  blockNumber: bigint | null;
}

export type TxAction = (
  wallet: ConnectedWallet,
  onHash: TxHashHandler,
  report: TxReporter,
) => Promise<TxOutcome>;

/** The text of a failed step: the server's refusal as the API calls name it, else the chain's. */
function failureText(error: unknown, t: Parameters<typeof errorText>[1]): TxErrorText {
  if (error instanceof ApiError) return { key: '', values: {}, text: errorText(error, t) };
  return chainErrorMessage(error);
}

/** The translated text of a failure, as the status line and the toast show it. */
export function txErrorMessage(error: TxErrorText, t: Parameters<typeof errorText>[1]): string {
  return error.text ?? (t(error.key as 'launchpad.transactionErr', error.values) as string);
}

/**
 * Runs one chain action, the same way for trading, offers and the launchpad: the signed-in
 * wallet on the product chain (a switch asked for when it is elsewhere), the action's steps
 * (each transaction's hash shown as it is sent; a signature and the server call named too), then
 * `after` (e.g. the server notification of a price change), then waits for the indexer to reach
 * the last transaction and refreshes every query so the page shows the result. A wallet rejection,
 * a revert or a server refusal becomes a short translated message; no wallet (the connect dialog
 * opened) ends quietly. Resolves true on success.
 */
export function useTxFlow() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<TxState>(IDLE);
  const running = useRef(false);

  const run = useCallback(
    async (
      action: TxAction,
      after?: (outcome: TxOutcome) => Promise<unknown>,
    ): Promise<boolean> => {
      if (running.current) return false;
      running.current = true;
      const enter = (phase: TxPhase, step: TxStep, hash: Hash | null) =>
        setState((s) => ({
          phase,
          step,
          hash: hash ?? s.hash,
          steps: [...s.steps, { step, hash }],
          error: null,
        }));
      const report: TxReporter = {
        hash: (step, hash) => enter('pending', step, hash),
        sign: (step) => enter('wallet', step, null),
        submit: (step) => enter('submitting', step, null),
      };
      let release: (() => void) | undefined;
      try {
        setState({ ...IDLE, phase: 'wallet' });
        const wallet = await walletOnProductChain(() => enter('wallet', 'switchChain', null));
        if (!wallet) {
          setState(IDLE);
          return false;
        }
        // The wallet's own changes come on its account topic: subscribed while the transaction is
        // signed and mined, the stream is open when the indexer gets there (waitForIndexer).
        release = liveStream()?.subscribe({ topics: [liveTopic.account(wallet.account)] });
        const outcome = await action(wallet, report.hash, report);
        setState((s) => ({ ...s, phase: 'indexing', hash: outcome.hash ?? s.hash }));
        if (after) await after(outcome);
        if (outcome.blockNumber !== null) await waitForIndexer(outcome.blockNumber);
        await queryClient.invalidateQueries();
        setState((s) => ({ ...s, phase: 'done' }));
        return true;
      } catch (error) {
        const text = failureText(error, t);
        setState((s) => ({ ...s, phase: 'error', error: text }));
        toast.error(txErrorMessage(text, t));
        return false;
      } finally {
        release?.();
        running.current = false;
      }
    },
    [queryClient, t],
  );

  const reset = useCallback(() => setState(IDLE), []);
  const busy =
    state.phase === 'wallet' ||
    state.phase === 'pending' ||
    state.phase === 'submitting' ||
    state.phase === 'indexing';
  return { state, run, reset, busy };
}

/** What a dialog needs of a running flow. */
export type TxFlow = ReturnType<typeof useTxFlow>;
