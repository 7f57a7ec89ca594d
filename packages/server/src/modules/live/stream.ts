import type { Writable } from 'node:stream';
import {
  LIVE_BUSY,
  type LiveBusyVO,
  type LiveEventVO,
  type LiveReadyVO,
  type LiveResetVO,
} from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { replayBatch } from './feed-reads.js';
import type { HubSubscriber } from './hub.js';

/** What a browser waits before reconnecting (the `retry:` line). */
export const RETRY_MS = 1_000;
/** Bytes a client may leave unread before it is dropped (it reconnects and replays). */
const MAX_UNREAD_BYTES = 4 * 1024 * 1024;
/** Live rows held while the replay runs; more means a hopelessly slow replay: drop the client. */
const MAX_PENDING = 20_000;

// One frame per row, however many streams it goes to.
const frames = new WeakMap<LiveEventVO, string>();
function changeFrame(event: LiveEventVO): string {
  let frame = frames.get(event);
  if (frame === undefined) {
    frame = `id: ${event.id}\nevent: change\ndata: ${JSON.stringify(event)}\n\n`;
    frames.set(event, frame);
  }
  return frame;
}

export function resetFrame(id: number): string {
  const data: LiveResetVO = { id: String(id) };
  return `id: ${id}\nevent: reset\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The whole over-cap answer for a client that asked for a `busy` event (see LIVE_BUSY). */
export function busyFrames(): string {
  const data: LiveBusyVO = { retryMs: LIVE_BUSY.retryMs };
  return `retry: ${LIVE_BUSY.retryMs}\n\nevent: ${LIVE_BUSY.event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * One SSE client. Rows arrive from the replay and from the hub; while the replay runs the hub's
 * rows wait, then both go out in id order, each id once (anything at or below the last id sent
 * is a duplicate of the seam and is skipped).
 */
export class LiveStream implements HubSubscriber {
  private live = false;
  private pending: LiveEventVO[] = [];
  private lastSent = 0;
  private closed = false;

  constructor(
    readonly topics: ReadonlySet<string>,
    private readonly out: Writable,
    private readonly onClose: () => void,
  ) {
    out.once('close', () => this.close());
    out.on('error', () => this.close());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  deliver(row: LiveEventVO): void {
    if (this.closed) return;
    if (this.live) {
      this.send(row);
      return;
    }
    this.pending.push(row);
    if (this.pending.length > MAX_PENDING) this.close();
  }

  /**
   * `retry:` and, for a new client, its position as a `ready` event: a page reopening its stream
   * with other topics resumes from it (an id-only block would reach the browser's own reconnects,
   * never the page's code).
   */
  open(position: number | undefined): void {
    this.write(`retry: ${RETRY_MS}\n\n`);
    if (position !== undefined) {
      this.lastSent = position;
      const data: LiveReadyVO = { id: String(position) };
      this.write(`id: ${position}\nevent: ready\ndata: ${JSON.stringify(data)}\n\n`);
    }
  }

  /** The client's history was pruned (or is not ours): reload, then go on from `position`. */
  reset(position: number): void {
    this.lastSent = position;
    this.write(resetFrame(position));
  }

  /**
   * Sends the rows after `afterId` naming its topics, `batch` at a time: each read and its
   * sending go through `gate` (the replica's few replay slots, so many replays cannot queue the
   * database or the event loop ahead of everything else), then it waits for the client to take
   * what was sent and lets the event loop serve other requests before the next read.
   */
  async replay(
    db: AppDb,
    afterId: number,
    batch: number,
    gate: <T>(read: () => Promise<T>) => Promise<T> = (read) => read(),
  ): Promise<void> {
    this.lastSent = afterId;
    for (;;) {
      const from = this.lastSent;
      // The slot covers the sending too: with every replay's batches in the loop's queue at
      // once, a request would wait behind all of them.
      const count = await gate(async () => {
        const started = performance.now();
        const read = await replayBatch(db, from, batch, [...this.topics]);
        // Every id of the batch is after `from` = lastSent: nothing to skip.
        if (read.count > 0) {
          this.lastSent = read.lastId;
          this.write(read.text);
        }
        // The slot stays taken as long again: replays together use at most half of the time,
        // however many there are, and requests are served in the other half.
        await new Promise((resolve) => setTimeout(resolve, performance.now() - started));
        return read.count;
      });
      if (this.closed || count < batch) return;
      await this.drained();
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.closed) return;
    }
  }

  /** Replay done: the held rows go out (those the replay already sent are skipped). */
  goLive(): void {
    const held = this.pending;
    this.pending = [];
    this.live = true;
    for (const row of held) this.send(row);
  }

  ping(): void {
    this.write(': ping\n\n');
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.pending = [];
    this.out.end();
    this.onClose();
  }

  private send(row: LiveEventVO) {
    const id = Number(row.id);
    if (id <= this.lastSent) return;
    this.lastSent = id;
    this.write(changeFrame(row));
  }

  private write(text: string) {
    if (this.closed) return;
    this.out.write(text);
    if (this.out.writableLength > MAX_UNREAD_BYTES) this.close();
  }

  private drained(): Promise<void> {
    if (this.closed || !this.out.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.out.off('drain', done);
        this.out.off('close', done);
        resolve();
      };
      this.out.on('drain', done);
      this.out.on('close', done);
    });
  }
}
