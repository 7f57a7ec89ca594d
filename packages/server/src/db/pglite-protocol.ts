// The messages between the server's threads and the database worker (pglite-worker.ts).

export type WorkerRequest =
  | {
      id: number;
      op: 'query';
      text: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Type ids whose values are answered as their text (drizzle parses dates itself). */
      textTypes: number[];
      /** COPY ... FROM '/dev/blob' input. */
      blob?: ArrayBuffer;
      /** The open transaction the statement belongs to (its begin request's id). */
      tx?: number;
    }
  | { id: number; op: 'exec'; text: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'finish'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; subscription: number }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** A database error's own fields (code, detail, constraint...), which callers read. */
export interface ErrorFields {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean>;
}

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ErrorFields }
  | { notify: number; payload: string }
  | { ready: true }
  | { failed: ErrorFields };

export function errorFields(err: unknown): ErrorFields {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(err)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return { name: err.name, message: err.message, fields };
}

export function errorFrom(e: ErrorFields): Error {
  const err = new Error(e.message);
  Object.assign(err, e.fields);
  err.name = e.name;
  return err;
}
