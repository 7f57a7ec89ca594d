// A Server-Sent Events client for the scale-out test and the live bench that behaves like a
// browser's EventSource: it keeps the last event id, and when the connection ends it waits the
// server's `retry:` time and reconnects to the same URL with the Last-Event-ID header.
import http from 'node:http';

export interface SseEvent {
  id: string;
  event: string;
  data: string;
  /** performance.now() when the block was complete. */
  at: number;
}

export interface SseOptions {
  /** Source address (127.x.y.z): the server counts streams per client address. */
  localAddress?: string;
  /** Reconnect after the connection ends, as EventSource does (default true). */
  reconnect?: boolean;
  onEvent?: (e: SseEvent) => void;
}

export class SseFollower {
  readonly events: SseEvent[] = [];
  lastEventId: string | undefined;
  /** Connections opened (1 + reconnects) and the HTTP status of the last one. */
  connections = 0;
  status = 0;
  private retryMs = 1_000;
  private closed = false;
  private req: http.ClientRequest | undefined;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly url: string,
    private readonly opts: SseOptions = {},
  ) {}

  /** Opens the first connection; resolves once its answer's headers arrived. */
  static async open(url: string, opts: SseOptions = {}): Promise<SseFollower> {
    const f = new SseFollower(url, opts);
    await f.connect();
    return f;
  }

  /** The `change` events, parsed. */
  changes<T = Record<string, unknown>>(): (T & { id: string })[] {
    return this.events.filter((e) => e.event === 'change').map((e) => JSON.parse(e.data));
  }

  close(): void {
    this.closed = true;
    this.req?.destroy();
    this.wake();
  }

  async waitFor(what: string, test: () => boolean, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`SSE: timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(250, Math.max(1, deadline - Date.now())));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  private connect(): Promise<void> {
    this.connections += 1;
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (this.lastEventId !== undefined) headers['last-event-id'] = this.lastEventId;
    return new Promise((resolve) => {
      let settled = false;
      const settle = () => {
        if (!settled) {
          settled = true;
          resolve();
        }
      };
      let ended = false;
      const ended$ = () => {
        settle();
        if (ended) return;
        ended = true;
        this.wake();
        if (this.closed || this.opts.reconnect === false) return;
        setTimeout(() => {
          if (!this.closed) void this.connect();
        }, this.retryMs);
      };
      const req = http.get(
        this.url,
        { headers, ...(this.opts.localAddress ? { localAddress: this.opts.localAddress } : {}) },
        (res) => {
          this.status = res.statusCode ?? 0;
          settle();
          res.setEncoding('utf8');
          let buffer = '';
          res.on('data', (chunk: string) => {
            buffer += chunk.replace(/\r\n?/g, '\n');
            let cut: number;
            while ((cut = buffer.indexOf('\n\n')) >= 0) {
              this.block(buffer.slice(0, cut));
              buffer = buffer.slice(cut + 2);
            }
          });
          res.on('end', ended$);
          res.on('close', ended$);
          res.on('error', ended$);
        },
      );
      req.on('error', ended$);
      this.req = req;
    });
  }

  private block(text: string) {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    for (const line of text.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    }
    if (id !== undefined) this.lastEventId = id;
    if (data.length === 0) return;
    const e: SseEvent = { id: id ?? '', event, data: data.join('\n'), at: performance.now() };
    this.events.push(e);
    this.opts.onEvent?.(e);
    this.wake();
  }
}
