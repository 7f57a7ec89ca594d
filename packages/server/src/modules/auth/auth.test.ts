import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  getContractAddress,
  http,
  keccak256,
  concatHex,
  toHex,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { ANVIL_ACCOUNTS } from '@aiamarket/contracts';
import { serializeErc6492Signature } from 'viem/utils';
import { buildApp } from '../../app.js';
import { authNonces, users, userSessions } from '../../db/schema.js';
import { useTestApp } from '../../../test/support/app.js';
import type { TestContext } from '../../../test/support/context.js';
import { authNew, issueMessage, signIn } from '../../../test/support/sign-in.js';
import { compileSolidity, WALLET_SOURCE } from '../../../test/support/solidity.js';

let t: TestContext;
let app: FastifyInstance;
useTestApp({ rateLimit: { authPerMinute: 10_000, uploadPerMinute: 10_000 } }, (ready) => {
  ({ t, app } = ready);
});

const newAccount = () => privateKeyToAccount(generatePrivateKey());

function current(token?: string) {
  return app.inject({
    method: 'GET',
    url: '/v1/api/user/current',
    headers: token === undefined ? {} : { token },
  });
}

async function sessionCount(address: string) {
  const rows = await t.ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(userSessions)
    .where(eq(userSessions.address, address.toLowerCase()));
  return rows[0]!.n;
}

describe('sign-in with an account key', () => {
  it('issues an EIP-4361 message with the domain, terms link, chain id, nonce and expiry', async () => {
    const account = newAccount();
    const res = await app.inject({ method: 'GET', url: `/v1/api/user/nonce/${account.address}` });
    expect(res.statusCode).toBe(200);
    const nonce = res.json().data as string;
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    const issued = await app.inject({
      method: 'GET',
      url: `/v1/api/user/signMessage/${account.address}?nonce=${nonce}`,
    });
    const data = issued.json().data;
    const fields = parseSiweMessage(data.message);
    expect(fields).toMatchObject({
      domain: 'localhost:8080',
      address: account.address,
      uri: 'http://localhost:8080',
      version: '1',
      chainId: 31337,
      nonce,
    });
    expect(fields.statement).toContain('Welcome to AIA Market');
    expect(fields.statement).toContain('http://localhost:8080/privacy');
    expect(fields.expirationTime!.getTime() - fields.issuedAt!.getTime()).toBe(5 * 60 * 1000);
    expect(data.expirationTime).toBe(fields.expirationTime!.toISOString());
  });

  it('signs in, uses the session on a protected call, stores the address lowercased', async () => {
    const account = newAccount();
    const token = await signIn(app, account);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await current(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userAddr).toBe(account.address.toLowerCase());
    const rows = await t.ctx.database.db.select().from(userSessions);
    // Only the hash of the token is stored.
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    const user = await t.ctx.database.db
      .select()
      .from(users)
      .where(eq(users.address, account.address.toLowerCase()));
    expect(user).toHaveLength(1);
  });

  it('gives one round trip too: signMessage without a nonce issues one', async () => {
    const account = newAccount();
    const res = await app.inject({
      method: 'GET',
      url: `/v1/api/user/signMessage/${account.address}`,
    });
    const { message } = res.json().data;
    const signature = await account.signMessage({ message });
    const auth = await authNew(app, { userAddr: account.address, signature, msg: message });
    expect(auth.json().code).toBe(0);
  });

  it('answers 10002 without a token and 10003 for an unknown, malformed or expired one', async () => {
    expect((await current()).json()).toMatchObject({ code: 10002, data: null });
    expect((await current()).statusCode).toBe(401);
    expect((await current('x'.repeat(43))).json().code).toBe(10003);
    expect((await current('not a token!')).json().code).toBe(10003);
    const account = newAccount();
    const token = await signIn(app, account);
    await t.ctx.database.db
      .update(userSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(userSessions.address, account.address.toLowerCase()));
    const res = await current(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(10003);
  });

  it('logout ends the session: the old token answers 1008; logout again still succeeds', async () => {
    const account = newAccount();
    const token = await signIn(app, account);
    const out = await app.inject({
      method: 'GET',
      url: '/v1/api/user/loginOut',
      headers: { token },
    });
    expect(out.json()).toEqual({ code: 0, message: 'success', data: null });
    const res = await current(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(1008);
    const again = await app.inject({
      method: 'GET',
      url: '/v1/api/user/loginOut',
      headers: { token },
    });
    expect(again.json().code).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/v1/api/user/loginOut' })).json().code).toBe(0);
  });

  it('sessions are per device: a second sign-in leaves the first open; logout ends only its own', async () => {
    const account = newAccount();
    const phone = await signIn(app, account);
    const laptop = await signIn(app, account);
    expect((await current(phone)).json().code).toBe(0);
    expect((await current(laptop)).json().code).toBe(0);
    expect(await sessionCount(account.address)).toBe(2);

    const out = await app.inject({
      method: 'GET',
      url: '/v1/api/user/loginOut',
      headers: { token: laptop },
    });
    expect(out.json().code).toBe(0);
    expect((await current(laptop)).json().code).toBe(1008);
    expect((await current(phone)).json().code).toBe(0);
    // Signing in again on the laptop does not end the phone's session either.
    const laptopAgain = await signIn(app, account);
    expect((await current(laptopAgain)).json().code).toBe(0);
    expect((await current(phone)).json().code).toBe(0);
  });
});

describe('tampered sign-ins are refused and open no session', () => {
  const cases: {
    name: string;
    code: number;
    make: (ctx: {
      account: ReturnType<typeof newAccount>;
      issued: Awaited<ReturnType<typeof issueMessage>>;
    }) => Promise<{ userAddr: string; signature: string; msg: string }>;
  }[] = [];
  const fieldsOf = (message: string) => {
    const f = parseSiweMessage(message);
    return {
      domain: f.domain!,
      address: f.address!,
      statement: f.statement,
      uri: f.uri!,
      version: '1' as const,
      chainId: f.chainId!,
      nonce: f.nonce!,
      issuedAt: f.issuedAt,
      expirationTime: f.expirationTime,
    };
  };
  /** A case that signs, as its account, the text `textOf` makes of the issued message. */
  const signText =
    (textOf: (message: string, address: string) => string): (typeof cases)[number]['make'] =>
    async ({ account, issued }) => {
      const msg = textOf(issued.message, account.address);
      return {
        userAddr: account.address,
        msg,
        signature: await account.signMessage({ message: msg }),
      };
    };
  const resign = (
    change: (f: ReturnType<typeof fieldsOf>) => Parameters<typeof createSiweMessage>[0],
  ) => signText((message) => createSiweMessage(change(fieldsOf(message))));

  cases.push(
    { name: 'other domain', code: 10012, make: resign((f) => ({ ...f, domain: 'evil.example' })) },
    {
      name: 'other URI',
      code: 10012,
      make: resign((f) => ({ ...f, uri: 'http://localhost:8080/other' })),
    },
    { name: 'other chain id', code: 10012, make: resign((f) => ({ ...f, chainId: 1319 })) },
    {
      name: 'expired message',
      code: 10012,
      make: resign((f) => ({ ...f, expirationTime: new Date(Date.now() - 1000) })),
    },
    {
      name: 'not yet valid',
      code: 10012,
      make: resign((f) => ({ ...f, notBefore: new Date(Date.now() + 3_600_000) })),
    },
    {
      name: 'altered issued-at',
      code: 10012,
      make: resign((f) => ({ ...f, issuedAt: new Date(f.issuedAt!.getTime() - 60_000) })),
    },
    {
      name: 'altered statement',
      code: 10012,
      make: resign((f) => ({ ...f, statement: 'Welcome! Sign to transfer all your NFTs.' })),
    },
    {
      name: 'extra resources',
      code: 10012,
      make: resign((f) => ({ ...f, resources: ['https://evil.example/steal'] })),
    },
    {
      name: 'lowercased address in the message',
      code: 10012,
      make: signText((message, address) => message.replace(address, address.toLowerCase())),
    },
    {
      name: 'trailing newline',
      code: 10012,
      make: signText((message) => message + '\n'),
    },
    {
      name: 'not an EIP-4361 message',
      code: 10012,
      make: signText(() => 'Welcome to AIA Market! Please sign in.'),
    },
    {
      name: 'unknown nonce',
      code: 10010,
      make: resign((f) => ({ ...f, nonce: 'a'.repeat(32) })),
    },
    {
      name: "another address's nonce",
      code: 10010,
      make: async ({ account }) => {
        const victim = newAccount();
        const foreign = await issueMessage(app, victim.address);
        const msg = createSiweMessage({ ...fieldsOf(foreign.message), address: account.address });
        return {
          userAddr: account.address,
          msg,
          signature: await account.signMessage({ message: msg }),
        };
      },
    },
    {
      name: 'userAddr other than the signer (the message names the signer)',
      code: 10010,
      make: async ({ account, issued }) => ({
        userAddr: newAccount().address,
        msg: issued.message,
        signature: await account.signMessage({ message: issued.message }),
      }),
    },
    {
      name: 'signature by another key',
      code: 10011,
      make: async ({ account, issued }) => ({
        userAddr: account.address,
        msg: issued.message,
        signature: await newAccount().signMessage({ message: issued.message }),
      }),
    },
    {
      name: 'signature of another text',
      code: 10011,
      make: async ({ account, issued }) => ({
        userAddr: account.address,
        msg: issued.message,
        signature: await account.signMessage({
          message: issued.message.replace('Welcome', 'Hello'),
        }),
      }),
    },
    {
      name: 'malformed signature (too short)',
      code: 10011,
      make: async ({ account, issued }) => ({
        userAddr: account.address,
        msg: issued.message,
        signature: '0x1234',
      }),
    },
    {
      name: 'malformed signature (65 zero bytes)',
      code: 10011,
      make: async ({ account, issued }) => ({
        userAddr: account.address,
        msg: issued.message,
        signature: '0x' + '00'.repeat(65),
      }),
    },
    {
      name: 'signature with a flipped byte',
      code: 10011,
      make: async ({ account, issued }) => {
        const sig = await account.signMessage({ message: issued.message });
        const flipped = sig.slice(0, 10) + (sig[10] === 'a' ? 'b' : 'a') + sig.slice(11);
        return { userAddr: account.address, msg: issued.message, signature: flipped };
      },
    },
    {
      name: 'signature that is not hex',
      code: 10001,
      make: async ({ account, issued }) => ({
        userAddr: account.address,
        msg: issued.message,
        signature: 'hello',
      }),
    },
    {
      name: 'userAddr that is not an address',
      code: 10001,
      make: async ({ account, issued }) => ({
        userAddr: account.address.slice(0, 41),
        msg: issued.message,
        signature: await account.signMessage({ message: issued.message }),
      }),
    },
  );

  it.each(cases)('$name → $code', async ({ make, code }) => {
    const account = newAccount();
    const issued = await issueMessage(app, account.address);
    const body = await make({ account, issued });
    const res = await authNew(app, body);
    expect(res.json()).toMatchObject({ code, data: null });
    expect(res.statusCode).toBe(400);
    expect(await sessionCount(account.address)).toBe(0);
    expect(await sessionCount(body.userAddr)).toBe(0);
  });

  it('an expired nonce is refused (10010), even with a correct signature', async () => {
    const account = newAccount();
    const issued = await issueMessage(app, account.address);
    await t.ctx.database.db
      .update(authNonces)
      .set({ expiresAt: sql`now() - interval '1 millisecond'` })
      .where(eq(authNonces.nonce, issued.nonce));
    const signature = await account.signMessage({ message: issued.message });
    const res = await authNew(app, { userAddr: account.address, signature, msg: issued.message });
    expect(res.json().code).toBe(10010);
    expect(await sessionCount(account.address)).toBe(0);
  });

  it('a nonce is single-use: replaying a successful sign-in is refused (10010)', async () => {
    const account = newAccount();
    const issued = await issueMessage(app, account.address);
    const signature = await account.signMessage({ message: issued.message });
    const body = { userAddr: account.address, signature, msg: issued.message };
    expect((await authNew(app, body)).json().code).toBe(0);
    expect((await authNew(app, body)).json().code).toBe(10010);
    expect(await sessionCount(account.address)).toBe(1);
    // The message of a used nonce is not handed out again either.
    const res = await app.inject({
      method: 'GET',
      url: `/v1/api/user/signMessage/${account.address}?nonce=${issued.nonce}`,
    });
    expect(res.json().code).toBe(10010);
  });

  it('concurrent double use of one nonce gives exactly one session', async () => {
    const account = newAccount();
    const issued = await issueMessage(app, account.address);
    const signature = await account.signMessage({ message: issued.message });
    const body = { userAddr: account.address, signature, msg: issued.message };
    const answers = await Promise.all(Array.from({ length: 8 }, () => authNew(app, body)));
    const codes = answers.map((r) => r.json().code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 10010)).toHaveLength(7);
    expect(await sessionCount(account.address)).toBe(1);
  });
});

describe('smart-contract wallets', () => {
  let walletAbi: ReturnType<typeof compileSolidity>[string];
  let factoryAbi: ReturnType<typeof compileSolidity>[string];
  const deployer = createWalletClientFor(ANVIL_ACCOUNTS[0]!.privateKey);

  function createWalletClientFor(key: Hex) {
    return () =>
      createWalletClient({
        account: privateKeyToAccount(key),
        chain: t.ctx.chain.chain!,
        transport: http(t.anvil.rpcUrl),
      });
  }

  async function deploy(abi: ReturnType<typeof compileSolidity>[string], args: unknown[]) {
    const hash = await deployer().deployContract({
      abi: abi.abi,
      bytecode: abi.bytecode,
      args,
    } as Parameters<ReturnType<typeof deployer>['deployContract']>[0]);
    const receipt = await t.ctx.chain.waitForTransactionReceipt({ hash });
    return receipt.contractAddress as Address;
  }

  beforeAll(() => {
    const compiled = compileSolidity(WALLET_SOURCE);
    walletAbi = compiled.Wallet1271!;
    factoryAbi = compiled.WalletFactory!;
  });

  it('signs in a deployed EIP-1271 wallet with its owner key, refuses another key', async () => {
    const owner = newAccount();
    const wallet = await deploy(walletAbi, [owner.address]);
    const issued = await issueMessage(app, wallet);
    const bad = await authNew(app, {
      userAddr: wallet,
      msg: issued.message,
      signature: await newAccount().signMessage({ message: issued.message }),
    });
    expect(bad.json().code).toBe(10011);
    const signature = await owner.signMessage({ message: issued.message });
    const res = await authNew(app, { userAddr: wallet, signature, msg: issued.message });
    expect(res.json().code).toBe(0);
    const me = await current(res.json().data);
    expect(me.json().data.userAddr).toBe(wallet.toLowerCase());
  });

  it('signs in a not yet deployed wallet through EIP-6492', async () => {
    const owner = newAccount();
    const factory = await deploy(factoryAbi, []);
    const salt = keccak256(toHex('aiamarket-6492'));
    const initCode = concatHex([
      walletAbi.bytecode,
      encodeAbiParameters([{ type: 'address' }], [owner.address]),
    ]);
    const wallet = getContractAddress({
      opcode: 'CREATE2',
      from: factory,
      salt,
      bytecode: initCode,
    });
    expect(await t.ctx.chain.getCode({ address: wallet })).toBeUndefined();
    const issued = await issueMessage(app, wallet);
    const inner = await owner.signMessage({ message: issued.message });
    const signature = serializeErc6492Signature({
      address: factory,
      data: encodeFunctionData({
        abi: factoryAbi.abi,
        functionName: 'deploy',
        args: [owner.address, salt],
      }),
      signature: inner,
    });
    const res = await authNew(app, { userAddr: wallet, signature, msg: issued.message });
    expect(res.json().code).toBe(0);
  });
});

describe('rate limit on sign-in routes', () => {
  it('answers 429 with code 10007 past RATE_LIMIT_AUTH_PER_MINUTE', async () => {
    const limited = await buildApp({
      ...t.ctx,
      config: { ...t.ctx.config, rateLimit: { authPerMinute: 3, uploadPerMinute: 3 } },
    });
    try {
      const address = newAccount().address;
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.inject({ method: 'GET', url: `/v1/api/user/nonce/${address}` });
        codes.push(res.statusCode);
        if (i === 3) expect(res.json()).toMatchObject({ code: 10007, data: null });
      }
      expect(codes).toEqual([200, 200, 200, 429]);
      // Each route counts on its own.
      const other = await limited.inject({
        method: 'POST',
        url: '/v1/api/user/authNew',
        payload: {},
      });
      expect(other.statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });
});
