import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveEventVO } from '@aiamarket/shared';
import { liveStream } from './stream';

/** Events arriving together (one indexed range) cause one refetch per query. */
const COALESCE_MS = 150;

/**
 * Subscribes the component to live topics while it is mounted: `onEvent` hears each change on
 * them; on a reset (the stream could not replay what was missed) every query is refreshed;
 * `onGap` hears that the stream was reopened before it had an id to resume after. Topics are
 * built with liveTopic; empty or null entries are left out.
 */
export function useLiveTopics(
  topics: readonly (string | null | undefined | false)[],
  onEvent?: (event: LiveEventVO) => void,
  onGap?: () => void,
): void {
  const queryClient = useQueryClient();
  const handler = useRef(onEvent);
  const gapHandler = useRef(onGap);
  useEffect(() => {
    handler.current = onEvent;
    gapHandler.current = onGap;
  });
  const list = topics.filter((t): t is string => typeof t === 'string' && t.length > 0);
  const key = [...new Set(list)].sort().join(',');
  useEffect(() => {
    const stream = liveStream();
    if (!stream || key === '') return;
    return stream.subscribe({
      topics: key.split(','),
      onEvent: (event) => handler.current?.(event),
      onGap: () => gapHandler.current?.(),
      // Every subscriber hears the reset: one refetch per query, not one per subscriber.
      onReset: () => void queryClient.invalidateQueries(undefined, { cancelRefetch: false }),
    });
  }, [key, queryClient]);
}

/**
 * Refreshes the queries under `keys` (prefixes, as react-query matches them) when a change
 * arrives on one of `topics`: the page's lists, figures and activity follow the chain without
 * a reload, whoever sent the transaction.
 */
export function useLiveInvalidate(
  topics: readonly (string | null | undefined | false)[],
  keys: readonly QueryKey[],
  filter?: (event: LiveEventVO) => boolean,
): void {
  const queryClient = useQueryClient();
  const keysText = JSON.stringify(keys);
  const stable = useMemo(() => JSON.parse(keysText) as QueryKey[], [keysText]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const filterRef = useRef(filter);
  useEffect(() => {
    filterRef.current = filter;
  });
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );
  const refresh = () => {
    if (timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      // A refetch under way is left to finish: events in a row must not keep cancelling it.
      for (const queryKey of stable)
        void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    }, COALESCE_MS);
  };
  useLiveTopics(
    topics,
    (event) => {
      if (!filterRef.current || filterRef.current(event)) refresh();
    },
    refresh,
  );
}
