import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api';
import {
  EARLY_RESPONSES_GLOBAL,
  LANDING_DATA_ID,
  earlyKey,
  resetLandingData,
} from './early-responses';

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

describe('landing data (answered by the server inside the HTML)', () => {
  afterEach(() => {
    document.getElementById(LANDING_DATA_ID)?.remove();
    resetLandingData();
  });

  function pageData(text: string) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = LANDING_DATA_ID;
    block.textContent = text;
    document.head.append(block);
  }

  it('answers the first identical call from the page, then asks the server', async () => {
    const body = JSON.stringify({ status: 0, page: 1, size: 30 });
    // As the server writes it: `<` escaped, so a name cannot close the block.
    pageData(
      `{${JSON.stringify(earlyKey('/v1/api/nftOrder/page', body))}:` +
        '{"code":0,"message":"success","data":{"name":"\\u003c/script\\u003e"}}}',
    );
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => envelope({ from: 'server' }));
    const request = { body: { status: 0, page: 1, size: 30 } };
    expect(await apiRequest('/nftOrder/page', request)).toEqual({ name: '</script>' });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await apiRequest('/nftOrder/page', request)).toEqual({ from: 'server' });
    expect(await apiRequest('/nftOrder/page', { body: { page: 2 } })).toEqual({ from: 'server' });
  });

  it('ignores a block it cannot read', async () => {
    pageData('{not json');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => envelope('server'));
    expect(await apiRequest('/nftOrder/page', { body: { page: 1 } })).toBe('server');
  });
});
