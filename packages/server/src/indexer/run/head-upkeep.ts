// The work done at the head besides the sources' polls: the indexes an initial sync deferred,
// and the planner statistics a back-fill outgrew.
import type { AppDb } from '../../db/database.js';
import { analyzeChainTables, statisticsDue } from '../../db/planner-statistics.js';
import { deferIndexes, restoreIndexes } from '../../db/deferred-indexes.js';
import type { Profile } from '../profile.js';
import type { IndexerLogger } from './logger.js';

export class HeadUpkeep {
  /** Events written by this process, and how many when the planner statistics were refreshed. */
  private eventsWritten = 0;
  private eventsAtAnalyze = 0;
  private analyzing: Promise<void> | null = null;
  /** Whether pages-only indexes may be deferred (deferred-indexes.ts); unknown until the head. */
  private indexesDeferred: boolean | null = null;

  constructor(
    private readonly db: AppDb,
    private readonly analyzeEvents: number,
    private readonly profile: Profile,
    private readonly log: IndexerLogger,
  ) {}

  counted(events: number) {
    this.eventsWritten += events;
  }

  /** An initial sync of more than one range: the pages-only indexes are built at the head. */
  async deferIndexes(rangeLogs: number) {
    const deferred = await this.profile.time('indexes: defer', () =>
      deferIndexes(this.db, rangeLogs),
    );
    if (deferred > 0) this.indexesDeferred = true;
  }

  /** At the head: builds the indexes an initial sync deferred (this process's or a crashed one's). */
  async buildDeferredIndexes() {
    if (this.indexesDeferred === false) return;
    const built = await this.profile.time('indexes: build', () => restoreIndexes(this.db));
    if (built > 0) this.log.info({ indexes: built }, 'indexer: built the deferred indexes');
    this.indexesDeferred = false;
  }

  /**
   * At the head, starts a refresh of the planner statistics when one is due. Not during a
   * back-fill: its statements join thousands of keys, hashed whatever the estimates, and on PGlite
   * (one connection) each refresh held the ranges up (1.5 s of a 16 s back-fill for three).
   */
  refreshStatistics() {
    if (this.analyzing) return;
    if (!statisticsDue(this.eventsWritten, this.eventsAtAnalyze, this.analyzeEvents)) return;
    this.eventsAtAnalyze = this.eventsWritten;
    // Beside the next steps, on another connection where there is one (ANALYZE does not block
    // writes).
    this.analyzing = analyzeChainTables(this.db)
      .catch((err: unknown) =>
        this.log.warn({ err: (err as Error).message }, 'indexer: analyze failed'),
      )
      .finally(() => {
        this.analyzing = null;
      });
  }

  /** Resolves when no statistics refresh runs any more. */
  async settled() {
    await this.analyzing;
  }
}
