import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, ERRORS, LIVE_BUSY, LIVE_LIMITS } from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { maxFeedId, prunedThrough } from '../../live/feed.js';
import { LiveHub } from './hub.js';
import { eventsQuery, parseLastEventId, parseTopics } from './input.js';
import { busyFrames, LiveStream } from './stream.js';
import { slots } from './slots.js';

/** Replay batches (a read and its sending) running at once on a replica; the others wait. */
const REPLAY_READS_AT_ONCE = 1;

const DESCRIPTION = `Server-Sent Events. Lines: \`retry: 1000\`; without Last-Event-ID, \`event: ready\` (LiveReadyVO,
the stream's position to resume after); then per change \`id: <id>\` / \`event: change\` /
\`data: <LiveEventVO>\`; \`event: reset\` (LiveResetVO) when the events after Last-Event-ID are no longer kept
(reload, then go on), also when Last-Event-ID is more than LIVE_REPLAY_MAX_EVENTS events behind the newest;
\`: ping\` every ${LIVE_LIMITS.heartbeatMs / 1000} s. Resume with the Last-Event-ID header
(browsers send it on reconnect) or lastEventId: every event after it is replayed once, then live.
Over the per-client cap: 429, or with \`${LIVE_BUSY.param}=${LIVE_BUSY.value}\` a stream of \`retry: ${LIVE_BUSY.retryMs}\` and one
\`event: ${LIVE_BUSY.event}\` (LiveBusyVO), then closed.`;

/**
 * GET /events: the live event stream. One hub per replica follows the change feed; each stream
 * subscribes to it before reading its replay, so the replay and the live rows meet without a
 * gap, and the stream skips ids it already sent.
 */
export function liveRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    const hub = new LiveHub(ctx.database, app.log);
    const heartbeatMs = ctx.live?.heartbeatMs ?? LIVE_LIMITS.heartbeatMs;
    const streams = new Set<LiveStream>();
    const perClient = new Map<string, number>();
    const replayGate = slots(REPLAY_READS_AT_ONCE);
    const maxReplay = ctx.config.liveReplayMaxEvents;

    // Open streams never end by themselves: end them so that closing the server does not wait.
    app.addHook('preClose', async () => {
      for (const stream of streams) stream.close();
    });
    app.addHook('onClose', async () => {
      await hub.stop();
    });

    app.get(
      '/events',
      {
        // A compressor would hold the events back until its buffer fills.
        compress: false,
        schema: {
          tags: ['live'],
          summary: 'Live event stream of the subscribed topics (text/event-stream)',
          description: DESCRIPTION,
          querystring: eventsQuery,
        },
        config: { errors: ['liveTopicsInvalid', 'liveTooManyStreams', 'serviceUnavailable'] },
      },
      async (request, reply) => {
        const topics = parseTopics(request.query.topics);
        const lastEventId = parseLastEventId(
          request.headers['last-event-id'],
          request.query.lastEventId,
        );
        const client = request.ip;
        const open = perClient.get(client) ?? 0;
        if (open >= LIVE_LIMITS.maxStreamsPerClient) {
          if (request.query[LIVE_BUSY.param] !== LIVE_BUSY.value)
            throw new ApiError(ERRORS.liveTooManyStreams);
          // A browser logs every non-200 EventSource answer in the console and gives the page no
          // status: the web app asks for a 200 that says "busy" and ends (see LIVE_BUSY).
          return reply
            .header('content-type', 'text/event-stream; charset=utf-8')
            .header('cache-control', 'no-cache, no-transform')
            .send(busyFrames());
        }
        // Counted before waiting for the hub, so that simultaneous requests cannot pass the cap.
        perClient.set(client, open + 1);
        const release = () => {
          const left = (perClient.get(client) ?? 1) - 1;
          if (left > 0) perClient.set(client, left);
          else perClient.delete(client);
        };
        try {
          await hub.start();
        } catch (err) {
          release();
          request.log.warn({ err }, 'live hub cannot start');
          throw new ApiError(
            ERRORS.serviceUnavailable,
            `${ERRORS.serviceUnavailable.message}: database`,
          );
        }

        const out = new PassThrough();
        let unsubscribe = () => undefined as void;
        const heartbeat = setInterval(() => stream.ping(), heartbeatMs);
        const stream: LiveStream = new LiveStream(topics, out, () => {
          clearInterval(heartbeat);
          unsubscribe();
          streams.delete(stream);
          release();
        });
        streams.add(stream);
        reply.raw.once('close', () => stream.close());
        // Subscribed before anything is read: every row after the hub's position reaches it.
        unsubscribe = hub.subscribe(stream);
        const position = hub.position;

        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          // nginx and similar proxies buffer answers unless told not to.
          .header('x-accel-buffering', 'no');
        void reply.send(out);

        if (lastEventId === undefined) {
          stream.open(position);
          stream.goLive();
          return reply;
        }
        stream.open(undefined);
        void (async () => {
          const [pruned, max] = await Promise.all([
            prunedThrough(ctx.database.db),
            maxFeedId(ctx.database.db),
          ]);
          const head = Math.max(max, position);
          // Older than the feed keeps, not an id of this feed (a database started afresh), or
          // further behind than a replay may go: reloading costs the client less than the replay.
          if (lastEventId < pruned || lastEventId > head || head - lastEventId > maxReplay)
            stream.reset(position);
          else
            await stream.replay(ctx.database.db, lastEventId, LIVE_LIMITS.replayBatch, replayGate);
          stream.goLive();
        })().catch((err: unknown) => {
          request.log.warn({ err }, 'live stream: replay failed');
          // The client reconnects with the last id it got and resumes from there.
          stream.close();
        });
        return reply;
      },
    );
  };
}
