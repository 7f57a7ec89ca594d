import type { LaunchpadProject } from './types';

/** A launchpad record as the API answers it (tests). */
export function project(overrides: Partial<LaunchpadProject> = {}): LaunchpadProject {
  const id = overrides.id ?? 1;
  return {
    id,
    state: 1,
    status: 1,
    chainState: 1,
    countdown: [1, 2, 3, 4],
    mintStartTime: Date.UTC(2026, 0, 1, 2, 30),
    mintEndTime: null,
    mintNum: 1000,
    mintMaxLimit: 20,
    maxBatchSize: 10,
    minted: 3,
    mintCoin: [
      {
        coin: 'AIA',
        number: '0.01',
        iconUrl: '/aia.svg',
        address: '0x0000000000000000000000000000000000000000',
        contract: '0x0000000000000000000000000000000000000000',
        decimals: 18,
        maxAmount: 800,
      },
      {
        coin: 'USDT',
        number: '5',
        iconUrl: '/usdt.svg',
        address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
        contract: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
        decimals: 6,
        maxAmount: 500,
      },
    ],
    contractAddr: '0xa513e6e4b8f2a923d98304ec87f64353c4d5c853',
    contractType: 721,
    tokenId: '0',
    isExchange: 1,
    exchangeAddr: '0xdc64a140aa3e981100a9beca4e685f962f0cf6c9',
    newNum: 1,
    oldNum: 2,
    collectionsVO: {
      name: `Project ${id}`,
      description: `About project ${id}`,
      coverUrl: '/cover.png',
      boxUrl: '/box.png',
      headUrl: null,
      backgroundUrl: '/bg.png',
      projectDesc: '<h2>Roadmap</h2><p>Phase <b>one</b></p><script>alert(1)</script>',
      linkCollection: 'aia-genesis',
      linkSkypegmwcn: 'https://example.com',
      linkTwitter: 'https://twitter.com/aia',
      linkDiscord: null,
      linkInstagram: null,
      linkMedium: null,
    },
    ...overrides,
  };
}
