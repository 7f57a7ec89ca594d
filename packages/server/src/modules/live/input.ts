import { z } from 'zod';
import {
  ApiError,
  ERRORS,
  formatErrorMessage,
  LIVE_BUSY,
  LIVE_LIMITS,
  LIVE_TOPIC_PATTERN,
} from '@aiamarket/shared';

export const eventsQuery = z.object({
  topics: z
    .string()
    .max(LIVE_LIMITS.maxTopics * 140)
    .optional()
    .describe(
      'comma separated: market, item:<contract>:<tokenId>, collection:<contract>, account:<address>, launchpad:<projectId>',
    ),
  lastEventId: z
    .string()
    .max(40)
    .optional()
    .describe('resume after this event id (the Last-Event-ID header wins when both are sent)'),
  [LIVE_BUSY.param]: z
    .literal(LIVE_BUSY.value)
    .optional()
    .describe(
      `over the per-client cap, answer with a stream holding one \`${LIVE_BUSY.event}\` event instead of 429`,
    ),
});

const topicsRefused = () =>
  new ApiError(
    ERRORS.liveTopicsInvalid,
    formatErrorMessage(ERRORS.liveTopicsInvalid.message, { max: LIVE_LIMITS.maxTopics }),
  );

/**
 * The subscribed topics: 1 to LIVE_LIMITS.maxTopics, each of the shared pattern. Addresses are
 * matched lowercased (a studio may paste a checksummed one); repeats count once.
 */
export function parseTopics(raw: string | undefined): Set<string> {
  const topics = new Set(
    (raw ?? '')
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter((t) => t !== ''),
  );
  if (topics.size === 0 || topics.size > LIVE_LIMITS.maxTopics) throw topicsRefused();
  for (const topic of topics) if (!LIVE_TOPIC_PATTERN.test(topic)) throw topicsRefused();
  return topics;
}

/** Feed ids fit a JavaScript number (bigint column read in number mode). */
const EVENT_ID = /^[0-9]{1,15}$/;

/** Where to resume: the Last-Event-ID header, else the lastEventId parameter, else nowhere. */
export function parseLastEventId(
  header: string | string[] | undefined,
  query: string | undefined,
): number | undefined {
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const raw = fromHeader?.trim() || query?.trim() || undefined;
  if (raw === undefined) return undefined;
  if (!EVENT_ID.test(raw))
    throw new ApiError(ERRORS.badRequest, 'lastEventId: an event id (decimal digits)');
  return Number(raw);
}
