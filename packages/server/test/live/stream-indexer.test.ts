// The event stream fed by the real indexer on anvil, in one process (the embedded layout on
// PGlite; PostgreSQL with DATABASE_URL): a client sees a trade by other wallets, drops, misses a
// reorg that rolls the trade back, resumes with Last-Event-ID and receives the reversal after the
// trade's events; over both connections every feed event of its topics exactly once, in order.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTopic } from '@aiamarket/shared';
import { buildApp } from '../../src/app.js';
import { readFeed } from '../../src/live/feed.js';
import { chainServerContext } from '../support/context.js';
import { freshDatabase } from '../support/database.js';
import {
  ACTORS,
  lower,
  newIndexer,
  scenarioSteps,
  startChain,
  type Chain,
} from '../indexer/support.js';
import { SseClient } from './sse-client.js';

let c: Chain;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  c = await startChain();
  fresh = await freshDatabase();
  app = await buildApp(chainServerContext(c, fresh.database));
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/v1/api/events`;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await fresh?.drop();
  await c?.stop();
});

describe('the stream on the indexer', () => {
  it('delivers a trade, then after a resume the reorg reversal, each feed event once', async () => {
    const indexer = newIndexer(fresh.database.db, c.publicClient, c.deployment);
    const steps = scenarioSteps(c);
    await steps.mint();
    await steps.list();
    await indexer.catchUp();

    const g721 = lower(c.addr('GameItems721'));
    const hero = liveTopic.item(g721, 1n);
    const carol = liveTopic.account(lower(ACTORS.carol.address));
    const topics = [hero, carol];
    const first = await SseClient.open(`${base}?topics=${topics.join(',')}`);
    await first.waitFor('position', (x) => x.lastEventId !== undefined);
    const start = Number(first.lastEventId);

    // carol buys hero 1 (and items of bob and dave's): the blocks indexed, the events pushed.
    await steps.buy();
    await indexer.catchUp();
    type Change = { kind: string; op: string; data: Record<string, unknown> };
    const sold = (x: SseClient) =>
      x.changes.some((e) => {
        const d = e.data as unknown as Change;
        return d.kind === 'order' && d.data.tokenId === '1' && d.data.status === 1;
      });
    await first.waitFor('hero 1 sold', sold);
    first.close();

    // Away: the buy blocks are replaced by empty ones and the indexer rolls the trade back.
    await c.testClient.request({ method: 'anvil_reorg', params: [4, []] } as never);
    await indexer.catchUp();

    const second = await SseClient.open(`${base}?topics=${topics.join(',')}`, {
      'last-event-id': first.lastEventId!,
    });
    try {
      const expected = (await readFeed(fresh.database.db, start, 10_000))
        .filter((e) => e.topics.some((t) => topics.includes(t)))
        .map((e) => Number(e.id));
      await second.waitFor(
        'the reversal',
        (x) => Number(x.changes.at(-1)?.id ?? 0) >= expected.at(-1)!,
      );
      const got = [...first.changes, ...second.changes].map((e) => Number(e.id));
      expect(got).toEqual(expected);
      // The reversal: the sold order listed again, carol's hero back to alice.
      const reversal = second.changes.map((e) => e.data as unknown as Change);
      expect(
        reversal.some((d) => d.kind === 'order' && d.op === 'update' && d.data.status === 0),
      ).toBe(true);
      expect(
        reversal.some(
          (d) =>
            d.kind === 'holding' &&
            d.op === 'delete' &&
            d.data.ownerAddr === lower(ACTORS.carol.address),
        ),
      ).toBe(true);
    } finally {
      second.close();
    }
  }, 120_000);
});
