import http from 'node:http';

/** One dispatched block of an SSE stream (comments and id-only blocks included, for the tests). */
export interface SseBlock {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

/**
 * A minimal Server-Sent Events client over node:http that keeps every block it receives, tracks
 * the last event id as a browser does, and lets a test wait for a condition with a time-out.
 */
export class SseClient {
  readonly blocks: SseBlock[] = [];
  status = 0;
  headers: http.IncomingHttpHeaders = {};
  /** The body when the server answered with something else than a stream (an error envelope). */
  body = '';
  lastEventId: string | undefined;
  ended = false;
  private buffer = '';
  private req: http.ClientRequest | undefined;
  private waiters: (() => void)[] = [];

  /** Changes (`event: change`) parsed, in arrival order. */
  get changes(): { id: string; data: { id: string; topics: string[]; [k: string]: unknown } }[] {
    return this.blocks
      .filter((b) => b.event === 'change')
      .map((b) => ({ id: b.id!, data: JSON.parse(b.data!) }));
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    return new Promise((resolve, reject) => {
      const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
        client.status = res.statusCode ?? 0;
        client.headers = res.headers;
        res.setEncoding('utf8');
        const streaming = String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
        res.on('data', (chunk: string) => {
          if (streaming) client.feed(chunk);
          else client.body += chunk;
          client.wake();
        });
        const end = () => {
          client.ended = true;
          client.wake();
        };
        res.on('end', end);
        res.on('close', end);
        res.on('error', end);
        resolve(client);
      });
      req.on('error', (err) => {
        if (client.status === 0) reject(err);
        client.ended = true;
        client.wake();
      });
      client.req = req;
    });
  }

  /** Drops the connection abruptly, as a network cut or a killed replica would. */
  close(): void {
    this.req?.destroy();
    this.ended = true;
    this.wake();
  }

  async waitFor(what: string, test: (c: SseClient) => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!test(this)) {
      if (Date.now() > deadline)
        throw new Error(`SSE: timed out waiting for ${what}; got ${JSON.stringify(this.blocks)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
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

  private feed(chunk: string) {
    this.buffer += chunk.replace(/\r\n?/g, '\n');
    let cut: number;
    while ((cut = this.buffer.indexOf('\n\n')) >= 0) {
      const text = this.buffer.slice(0, cut);
      this.buffer = this.buffer.slice(cut + 2);
      const block: SseBlock = {};
      for (const line of text.split('\n')) {
        if (line.startsWith(':')) {
          block.comment = line.slice(1).trim();
          continue;
        }
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') block.id = value;
        else if (field === 'event') block.event = value;
        else if (field === 'data')
          block.data = block.data === undefined ? value : `${block.data}\n${value}`;
        else if (field === 'retry') block.retry = Number(value);
      }
      if (block.id !== undefined) this.lastEventId = block.id;
      this.blocks.push(block);
    }
  }
}
