import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseDeployment } from '@aiamarket/shared';
import { useTestApp } from '../../../test/support/app.js';
import type { TestContext } from '../../../test/support/context.js';

let t: TestContext;
let app: FastifyInstance;
useTestApp({}, (ready) => {
  ({ t, app } = ready);
});

const OFFERS = '0x00000000000000000000000000000000000000a2';
const OLD_OFFERS = '0x00000000000000000000000000000000000000b2';
const OLD_LISTINGS = '0x00000000000000000000000000000000000000b3';

interface Retired {
  retired: { name: string; address: string }[];
}
/** The retired contracts as /config/app and /config/chain answer them (both must agree). */
async function retiredAnswers(): Promise<unknown[]> {
  const get = async <T>(url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: T }).data;
  };
  const { chain } = await get<{ chain: Retired }>('/v1/api/config/app');
  const direct = await get<Retired>('/v1/api/config/chain');
  return [chain.retired, direct.retired];
}

describe('the retired contracts in the app configuration', () => {
  it('lists the order-book contracts a newer version replaced (they may owe payments)', async () => {
    t.ctx.deployment = parseDeployment({
      chainId: 31337,
      deployedAt: '2026-01-01T00:00:00.000Z',
      contracts: { Offers: { address: OFFERS, blockNumber: 9 } },
      retired: [
        { name: 'Offers', address: OLD_OFFERS, blockNumber: 2, retiredAt: '2026-01-01' },
        { name: 'Listings', address: OLD_LISTINGS, blockNumber: 3, retiredAt: '2026-01-01' },
      ],
    });
    const retired = [
      { name: 'Offers', address: OLD_OFFERS },
      { name: 'Listings', address: OLD_LISTINGS },
    ];
    expect(await retiredAnswers()).toEqual([retired, retired]);
  });

  it('is an empty list for a deployment that retired nothing (or none loaded)', async () => {
    t.ctx.deployment = null;
    expect(await retiredAnswers()).toEqual([[], []]);
  });
});
