import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api';
import { EARLY_RESPONSES_GLOBAL, earlyKey } from './early-responses';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, message: 'success', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

describe('early responses (started by index.html)', () => {
  afterEach(() => {
    delete window[EARLY_RESPONSES_GLOBAL];
  });

  it('answers the first identical call from the early request, then asks the server', async () => {
    const body = JSON.stringify({ status: 0, page: 1, size: 30 });
    window[EARLY_RESPONSES_GLOBAL] = {
      [earlyKey('/v1/api/nftOrder/page', body)]: Promise.resolve(envelope({ from: 'early' })),
    };
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => envelope({ from: 'server' }));
    const request = { body: { status: 0, page: 1, size: 30 } };
    expect(await apiRequest('/nftOrder/page', request)).toEqual({ from: 'early' });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await apiRequest('/nftOrder/page', request)).toEqual({ from: 'server' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('never answers a different request from it', async () => {
    window[EARLY_RESPONSES_GLOBAL] = {
      [earlyKey('/v1/api/nftOrder/page', '{"page":1}')]: Promise.resolve(envelope('early')),
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => envelope('server'));
    expect(await apiRequest('/nftOrder/page', { body: { page: 2 } })).toBe('server');
    expect(await apiRequest('/nftOrder/other', { body: { page: 1 } })).toBe('server');
  });
});
