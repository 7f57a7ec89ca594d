// Fast seeding on anvil: transactions are signed locally with explicit nonces and fixed gas,
// sent without waiting, and mined together with `evm_mine` at a chosen block time (automine is
// off while a batch is open). One round trip per transaction plus one per block, instead of the
// estimate / nonce / receipt polling of a wallet client.
import {
  createPublicClient,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  http,
  parseGwei,
  type Abi,
  type Address,
  type ContractConstructorArgs,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hex,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { chainFor } from '@aiamarket/shared';

/** What the seed reads of a mined transaction. */
export interface MinedReceipt {
  blockNumber: number;
  contractAddress: Address | null;
  logs: { address: Address; topics: [Hex, ...Hex[]] | []; data: Hex }[];
}

/** A transaction queued in a round; `receipt` is set once its block is mined. */
export interface Sent {
  label: string;
  hash?: Hex;
  receipt?: MinedReceipt;
}

interface Queued {
  sent: Sent;
  account: PrivateKeyAccount;
  nonce: number;
  to: Address | undefined;
  data: Hex;
  value: bigint;
  gas: bigint;
}

type Rpc = (method: string, params: unknown[]) => Promise<unknown>;

export class DemoChain {
  readonly client;
  private readonly nonces = new Map<Address, number>();
  private queue: Queued[] = [];
  private lastTimestamp = 0;
  /** Blocks mined by this helper and transactions sent, for the seed's summary. */
  readonly counts = { blocks: 0, transactions: 0 };

  private constructor(
    readonly rpcUrl: string,
    readonly chainId: number,
  ) {
    this.client = createPublicClient({
      chain: chainFor(chainId, rpcUrl),
      transport: http(rpcUrl),
    });
  }

  private async rpcBatch(calls: { method: string; params: unknown[] }[]): Promise<unknown[]> {
    const res = await fetch(this.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: '2.0', id, ...c }))),
    });
    const answers = (await res.json()) as {
      id: number;
      result?: unknown;
      error?: { message: string };
    }[];
    answers.sort((a, b) => a.id - b.id);
    return answers.map((a, i) => {
      if (a.error) throw new Error(`${calls[i]!.method}: ${a.error.message}`);
      return a.result;
    });
  }

  private rpc: Rpc = async (method, params) => (await this.rpcBatch([{ method, params }]))[0];

  /** Opens a batch session: automine off until close(). */
  static async open(rpcUrl: string, chainId: number): Promise<DemoChain> {
    const chain = new DemoChain(rpcUrl, chainId);
    const block = await chain.client.getBlock();
    chain.lastTimestamp = Number(block.timestamp);
    await chain.rpc('evm_setAutomine', [false]);
    return chain;
  }

  /** Back to one block per transaction (what wallets and tests expect). */
  async close(): Promise<void> {
    await this.rpc('evm_setAutomine', [true]);
  }

  /** The time of the last mined block (seconds). */
  get now(): number {
    return this.lastTimestamp;
  }

  private async nextNonce(account: PrivateKeyAccount): Promise<number> {
    let nonce = this.nonces.get(account.address);
    if (nonce === undefined) {
      nonce = await this.client.getTransactionCount({
        address: account.address,
        blockTag: 'pending',
      });
    }
    this.nonces.set(account.address, nonce + 1);
    return nonce;
  }

  /** Queues a contract call from `account`; sent at the next mine(). */
  async call<
    const abi extends Abi,
    fn extends ContractFunctionName<abi, 'nonpayable' | 'payable'>,
    args extends ContractFunctionArgs<abi, 'nonpayable' | 'payable', fn>,
  >(
    account: PrivateKeyAccount,
    c: { address: Address; abi: abi; functionName: fn; args: args; value?: bigint; gas: bigint },
  ): Promise<Sent> {
    const data = encodeFunctionData({
      abi: c.abi as Abi,
      functionName: c.functionName as string,
      args: c.args as readonly unknown[],
    });
    const sent: Sent = { label: `${c.functionName as string} on ${c.address}` };
    this.queue.push({
      sent,
      account,
      nonce: await this.nextNonce(account),
      to: c.address,
      data,
      value: c.value ?? 0n,
      gas: c.gas,
    });
    return sent;
  }

  /** Queues a contract creation; returns the address it will have. */
  async deploy<const abi extends Abi>(
    account: PrivateKeyAccount,
    c: { abi: abi; bytecode: Hex; args: ContractConstructorArgs<abi>; gas: bigint; label: string },
  ): Promise<{ address: Address; sent: Sent }> {
    const nonce = await this.nextNonce(account);
    const sent: Sent = { label: `deploy ${c.label}` };
    this.queue.push({
      sent,
      account,
      nonce,
      to: undefined,
      data: encodeDeployData({
        abi: c.abi as Abi,
        bytecode: c.bytecode,
        args: c.args as readonly unknown[],
      }),
      value: 0n,
      gas: c.gas,
    });
    return { address: getContractAddress({ from: account.address, nonce: BigInt(nonce) }), sent };
  }

  /**
   * Sends the queued transactions and mines them in blocks starting at `timestamp` (seconds;
   * default: one second after the last block). Throws, naming the call, when one reverts.
   */
  async mine(timestamp?: number): Promise<void> {
    const queue = this.queue;
    this.queue = [];
    if (queue.length > 0) {
      const block = await this.client.getBlock({ blockTag: 'latest' });
      const maxPriorityFeePerGas = parseGwei('1');
      const maxFeePerGas = (block.baseFeePerGas ?? 0n) * 3n + maxPriorityFeePerGas;
      const signed = await Promise.all(
        queue.map((q) =>
          q.account.signTransaction({
            type: 'eip1559',
            chainId: this.chainId,
            nonce: q.nonce,
            to: q.to ?? null,
            data: q.data,
            value: q.value,
            gas: q.gas,
            maxFeePerGas,
            maxPriorityFeePerGas,
          }),
        ),
      );
      // One HTTP request for the whole round (JSON-RPC batch).
      const hashes = (await this.rpcBatch(
        signed.map((raw) => ({ method: 'eth_sendRawTransaction', params: [raw] })),
      )) as Hex[];
      hashes.forEach((h, i) => (queue[i]!.sent.hash = h));
      this.counts.transactions += queue.length;
    }

    const waiting = new Map(queue.map((q) => [q.sent.hash!, q.sent]));
    let at = Math.max(timestamp ?? this.lastTimestamp + 1, this.lastTimestamp + 1);
    // Transactions that do not fit in one block's gas go to the next, one second later.
    for (let attempt = 0; attempt === 0 || waiting.size > 0; attempt++) {
      if (attempt > 50) throw new Error(`${waiting.size} seed transactions were never mined`);
      await this.rpc('evm_mine', [at]);
      this.counts.blocks++;
      this.lastTimestamp = at;
      at++;
      const receipts = (await this.rpc('eth_getBlockReceipts', ['latest'])) as RawReceipt[] | null;
      for (const raw of receipts ?? []) {
        const sent = waiting.get(raw.transactionHash);
        if (!sent) continue;
        waiting.delete(raw.transactionHash);
        if (raw.status !== '0x1') throw new Error(`seed transaction reverted: ${sent.label}`);
        sent.receipt = {
          blockNumber: Number(BigInt(raw.blockNumber)),
          contractAddress: raw.contractAddress,
          logs: raw.logs.map((l) => ({ address: l.address, topics: l.topics, data: l.data })),
        };
      }
    }
  }
}

interface RawReceipt {
  transactionHash: Hex;
  status: Hex;
  blockNumber: Hex;
  contractAddress: Address | null;
  logs: { address: Address; topics: [Hex, ...Hex[]] | []; data: Hex }[];
}

/** A local account (signs without RPC). */
export const signer = (privateKey: Hex): PrivateKeyAccount => privateKeyToAccount(privateKey);
