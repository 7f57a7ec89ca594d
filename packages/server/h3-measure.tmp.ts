import { sql } from 'drizzle-orm';
import { buildApp } from './src/app.js';
import { loadConfig } from './src/config.js';
import { createChainClient } from './src/chain/client.js';
import { freshDatabase } from './test/support/database.js';

const fresh = await freshDatabase();
const db = fresh.database.db;
const contract = '0x' + '1'.repeat(40);
const user = '0x' + '2'.repeat(40);
await db.execute(sql.raw(`
insert into collections (chain_id, address, contract_type, name, deployment_block, source)
select 31337, '0x' || lpad(to_hex(g), 40, '0'), 'ERC721', 'C' || g, 0, 'admin' from generate_series(1, 200) g;
insert into collections (chain_id, address, contract_type, name, deployment_block, source) values (31337, '${contract}', 'ERC721', 'Big', 0, 'admin');
insert into collection_profiles (chain_id, contract_addr, link_collection, name, owner_addr)
select chain_id, address, 'c-' || address, coalesce(name, 'x'), '${user}' from collections;
insert into collection_volume_hours (chain_id, contract_addr, hour, volume, trades)
select 31337, c.address, date_trunc('hour', now()) - (h || ' hours')::interval, random() * 10, 1
from collections c, generate_series(0, 24 * 60, 6) h;
insert into activities (chain_id, block_number, tx_hash, log_index, sub_index, method, contract_addr, token_id, price, coin, amount, from_addr, to_addr, block_time)
select 31337, g, '0x' || lpad(to_hex(g), 64, '0'), 0, 0, g % 9, '${contract}', g % 5000, 1000000000000000000, '0x0000000000000000000000000000000000000000', 1,
  case when g % 50 = 0 then '${user}' else '0x' || lpad(to_hex(g % 3000), 40, '3') end, '0x' || lpad(to_hex(g % 2000), 40, '4'), now() - (g || ' seconds')::interval
from generate_series(1, 200000) g;
analyze;
`));
const config = loadConfig({ RPC_URL: 'http://127.0.0.1:9', CHAIN_ID: '31337', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', DATABASE_URL: fresh.url });
const app = await buildApp({ config, database: fresh.database, chain: createChainClient(config.rpcUrl, 31337), deployment: null });
await app.ready();
async function measure(name: string, opts: { method: 'GET' | 'POST'; url: string; payload?: object }) {
  const times: number[] = [];
  for (let i = 0; i < 120; i++) {
    const t = performance.now();
    const res = await app.inject(opts);
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.body}`);
    if (i >= 20) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  console.log(`${name.padEnd(40)} median ${q(0.5)} ms  p99 ${q(0.99)} ms`);
}
await measure('transaction/page collection p1', { method: 'POST', url: '/v1/api/transaction/page', payload: { contractAddr: contract } });
await measure('transaction/page collection p500', { method: 'POST', url: '/v1/api/transaction/page', payload: { contractAddr: contract, page: 500 } });
await measure('transaction/page item', { method: 'POST', url: '/v1/api/transaction/page', payload: { contractAddr: contract, tokenId: '42' } });
await measure('transaction/page types=[2]', { method: 'POST', url: '/v1/api/transaction/page', payload: { contractAddr: contract, types: [2] } });
await measure('transaction/userPage (4000 rows)', { method: 'POST', url: '/v1/api/transaction/userPage', payload: { userAddr: user } });
await measure('collections/ranking 7d (201 coll.)', { method: 'GET', url: '/v1/api/collections/ranking?window=7d' });
await measure('collections/ranking 30d', { method: 'GET', url: '/v1/api/collections/ranking?window=30d' });
await measure('collections/ranking all', { method: 'GET', url: '/v1/api/collections/ranking?window=all' });
await measure('collections/collectionCount size 5', { method: 'GET', url: '/v1/api/collections/collectionCount?size=5' });
await measure('collections/recommend', { method: 'GET', url: '/v1/api/collections/recommend' });
await measure('collections/link', { method: 'GET', url: `/v1/api/collections/link?linkCollection=c-${contract}` });
await app.close();
await fresh.drop();
