/** The server's answer envelope: code 0 with the data, or another code with a message. */
export interface Envelope<T> {
  code: number;
  data: T;
  message?: string;
}

/**
 * One call of the server's API at `url`: a GET, or a POST of `body` as JSON when it is given.
 * Resolves with the envelope whatever its code; a network failure rejects.
 */
export async function callApi<T>(url: string, call: string, body?: unknown): Promise<Envelope<T>> {
  const res = await fetch(`${url}/v1/api${call}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}
