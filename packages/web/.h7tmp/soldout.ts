import fs from 'node:fs';
import { createPublicClient, createWalletClient, http, zeroAddress, type Hex, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { launchpad1155Abi } from '@aiamarket/shared/abis';
const s = JSON.parse(fs.readFileSync('/tmp/h7-stack.json', 'utf8'));
const client = createPublicClient({ transport: http(s.rpc) });
const owner = createWalletClient({ account: privateKeyToAccount(s.accounts[0].privateKey as Hex), transport: http(s.rpc) });
const user = createWalletClient({ account: privateKeyToAccount(s.accounts[2].privateKey as Hex), transport: http(s.rpc) });
const lp = s.contracts.Launchpad1155 as Address;
const [, base] = await client.readContract({ address: lp, abi: launchpad1155Abi, functionName: 'getConfig', args: [0n] });
const st = await client.readContract({ address: lp, abi: launchpad1155Abi, functionName: 'getState', args: [0n] });
console.log('state', st, base);
const last = Number(st[1]) + 1;
let h = await owner.writeContract({ address: lp, abi: launchpad1155Abi, functionName: 'setBaseConfig', args: [0n, { ...base, collectionSize: last }], chain: null });
console.log((await client.waitForTransactionReceipt({ hash: h })).status);
h = await user.writeContract({ address: lp, abi: launchpad1155Abi, functionName: 'mint', args: [0n, zeroAddress, 1n], value: 10n ** 16n, chain: null });
console.log((await client.waitForTransactionReceipt({ hash: h })).status);
console.log('state', await client.readContract({ address: lp, abi: launchpad1155Abi, functionName: 'getState', args: [0n] }));
const t0 = Date.now();
for (let i = 0; i < 4; i++) {
  await new Promise((r) => setTimeout(r, 2500));
  const res = await fetch(`${s.url}/v1/api/collections/getLaunPage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ contractAddr: '', name: '', state: 2, page: 1, size: 6 }) });
  const d = await res.json() as { code: number; data: { records: { id: number; state: number; status: number; mintNum: number; minted: number; collectionsVO: { name: string } }[] } };
  console.log(Date.now() - t0, d.code, d.data?.records.map((r) => [r.id, r.collectionsVO.name, r.state, r.status, r.mintNum, r.minted]));
}
