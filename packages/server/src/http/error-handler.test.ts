// The one place a chain read that no node answered becomes 10020 (503): a route throws viem's
// own failure and the envelope is the catalogue's, while a revert stays a 500.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CallExecutionError,
  ContractFunctionRevertedError,
  HttpRequestError,
  TimeoutError,
  type BaseError,
} from 'viem';
import { ERRORS } from '@aiamarket/shared';
import { installErrorHandler } from './error-handler.js';

const failures: Record<string, () => BaseError> = {
  http: () => new HttpRequestError({ url: 'http://127.0.0.1:9', details: 'connect ECONNREFUSED' }),
  timeout: () => new TimeoutError({ body: { method: 'eth_call' }, url: 'http://127.0.0.1:9' }),
  // The failure as a read surfaces it: a call error wrapping the transport's.
  wrapped: () =>
    new CallExecutionError(
      new HttpRequestError({ url: 'http://127.0.0.1:9', details: 'socket hang up' }),
      {},
    ),
  reverted: () =>
    new ContractFunctionRevertedError({ abi: [], functionName: 'market', message: 'no' }),
};

const app = Fastify({ logger: false });
beforeAll(async () => {
  installErrorHandler(app);
  app.get('/fail/:kind', async (request) => {
    throw failures[(request.params as { kind: string }).kind]!();
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the error handler and the chain', () => {
  it.each(['http', 'timeout', 'wrapped'])(
    'answers 10020 (503) for an unreachable node: %s',
    async (kind) => {
      const res = await app.inject({ method: 'GET', url: `/fail/${kind}` });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: ERRORS.chainUnavailable.code,
        message: ERRORS.chainUnavailable.message,
        messageKey: ERRORS.chainUnavailable.key,
        data: null,
      });
    },
  );

  it('leaves a call that reverted a server error', async () => {
    const res = await app.inject({ method: 'GET', url: '/fail/reverted' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: ERRORS.serverError.code, data: null });
  });
});
