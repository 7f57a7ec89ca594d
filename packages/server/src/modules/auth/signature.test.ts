import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  concatHex,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  getContractAddress,
  hexToBigInt,
  http,
  keccak256,
  numberToHex,
  parseSignature,
  recoverMessageAddress,
  serializeSignature,
  toHex,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { serializeErc6492Signature } from 'viem/utils';
import { ANVIL_ACCOUNTS } from '@aiamarket/contracts';
import { useTestApp } from '../../../test/support/app.js';
import type { TestContext } from '../../../test/support/context.js';
import { authNew, issueMessage } from '../../../test/support/sign-in.js';
import { compileSolidity, WALLET_SOURCE, type Compiled } from '../../../test/support/solidity.js';
import { isHighS } from './signature.js';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
let t: TestContext;
let app: FastifyInstance;
useTestApp({ rateLimit: { authPerMinute: 10_000, uploadPerMinute: 10_000 } }, (ready) => {
  ({ t, app } = ready);
});

const newAccount = () => privateKeyToAccount(generatePrivateKey());

/** The other valid ECDSA encoding of the same signature: s -> n - s, parity flipped. */
function highS(signature: Hex): Hex {
  const { r, s, yParity } = parseSignature(signature);
  return serializeSignature({
    r,
    s: numberToHex(N - hexToBigInt(s), { size: 32 }),
    yParity: yParity === 0 ? 1 : 0,
  });
}

describe('account signatures (EIP-2 low s)', () => {
  it('refuses the high-s twin of a valid signature (10011) and takes the low-s one', async () => {
    const account = newAccount();
    const issued = await issueMessage(app, account.address);
    const signature = await account.signMessage({ message: issued.message });
    const twin = highS(signature);
    expect(isHighS(signature)).toBe(false);
    expect(isHighS(twin)).toBe(true);
    // The twin does recover the same address: only the rule refuses it.
    expect(await recoverMessageAddress({ message: issued.message, signature: twin })).toBe(
      account.address,
    );
    const refused = await authNew(app, {
      userAddr: account.address,
      signature: twin,
      msg: issued.message,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(10011);
    const ok = await authNew(app, { userAddr: account.address, signature, msg: issued.message });
    expect(ok.json().code).toBe(0);
  });

  it('reads s from a compact EIP-2098 signature too', () => {
    // Just over n/2, and under 2^255 so it fits beside the parity bit.
    const s = (N >> 1n) + 1n;
    const compact = concatHex([numberToHex(1n, { size: 32 }), numberToHex(s, { size: 32 })]);
    expect(isHighS(compact)).toBe(true);
    const low = concatHex([numberToHex(1n, { size: 32 }), numberToHex(1n << 255n, { size: 32 })]);
    // The top bit is the y parity, not part of s.
    expect(isHighS(low)).toBe(false);
  });
});

describe('smart-contract wallets on anvil', () => {
  let wallet: Compiled;
  let factory: Compiled;
  const deployer = () =>
    createWalletClient({
      account: privateKeyToAccount(ANVIL_ACCOUNTS[1]!.privateKey),
      chain: t.ctx.chain.chain!,
      transport: http(t.anvil.rpcUrl),
    });

  async function deploy(c: Compiled, args: unknown[]): Promise<Address> {
    const hash = await deployer().deployContract({
      abi: c.abi,
      bytecode: c.bytecode,
      args,
    } as Parameters<ReturnType<typeof deployer>['deployContract']>[0]);
    const receipt = await t.ctx.chain.waitForTransactionReceipt({ hash });
    return receipt.contractAddress as Address;
  }

  /** A wallet address that does not exist yet, and its EIP-6492 signature by `signer`. */
  async function counterfactual(owner: Address, signer: ReturnType<typeof newAccount>) {
    const factoryAddress = await deploy(factory, []);
    const salt = keccak256(toHex(`aiamarket-6492-${owner}`));
    const address = getContractAddress({
      opcode: 'CREATE2',
      from: factoryAddress,
      salt,
      bytecode: concatHex([wallet.bytecode, encodeAbiParameters([{ type: 'address' }], [owner])]),
    });
    expect(await t.ctx.chain.getCode({ address })).toBeUndefined();
    const issued = await issueMessage(app, address);
    const signature = serializeErc6492Signature({
      address: factoryAddress,
      data: encodeFunctionData({ abi: factory.abi, functionName: 'deploy', args: [owner, salt] }),
      signature: await signer.signMessage({ message: issued.message }),
    });
    return { address, issued, signature };
  }

  beforeAll(() => {
    const compiled = compileSolidity(WALLET_SOURCE);
    wallet = compiled.Wallet1271!;
    factory = compiled.WalletFactory!;
  });

  it('EIP-1271: the owner key signs in, another key is refused (10011)', async () => {
    const owner = newAccount();
    const address = await deploy(wallet, [owner.address]);
    const issued = await issueMessage(app, address);
    const wrong = await authNew(app, {
      userAddr: address,
      msg: issued.message,
      signature: await newAccount().signMessage({ message: issued.message }),
    });
    expect(wrong.json().code).toBe(10011);
    const right = await authNew(app, {
      userAddr: address,
      msg: issued.message,
      signature: await owner.signMessage({ message: issued.message }),
    });
    expect(right.json().code).toBe(0);
  });

  it('EIP-6492: a not yet deployed wallet signs in with its owner key', async () => {
    const owner = newAccount();
    const { address, issued, signature } = await counterfactual(owner.address, owner);
    const res = await authNew(app, { userAddr: address, signature, msg: issued.message });
    expect(res.json().code).toBe(0);
  });

  it('EIP-6492: the same wallet signed by another key is refused (10011)', async () => {
    const owner = newAccount();
    const { address, issued, signature } = await counterfactual(owner.address, newAccount());
    const res = await authNew(app, { userAddr: address, signature, msg: issued.message });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(10011);
    // Verification simulates the deployment; nothing is deployed for real.
    expect(await t.ctx.chain.getCode({ address })).toBeUndefined();
  });
});
