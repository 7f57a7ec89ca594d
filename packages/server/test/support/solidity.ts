import { createRequire } from 'node:module';
import type { Abi, Hex } from 'viem';

const require = createRequire(import.meta.url);

export interface Compiled {
  abi: Abi;
  bytecode: Hex;
}

/** Compiles Solidity sources at test time with npm solc (no forge, no files). */
export function compileSolidity(source: string): Record<string, Compiled> {
  const solc = require('solc') as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: { 'Test.sol': { content: source } },
    settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const out: Record<string, Compiled> = {};
  for (const [name, c] of Object.entries(output.contracts['Test.sol'] ?? {})) {
    out[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  }
  return out;
}

/** A minimal EIP-1271 wallet owned by one key, and a CREATE2 factory for EIP-6492. */
export const WALLET_SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Wallet1271 {
    address public owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata sig) external view returns (bytes4) {
        if (sig.length != 65) return 0xffffffff;
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := calldataload(sig.offset)
            s := calldataload(add(sig.offset, 32))
            v := byte(0, calldataload(add(sig.offset, 64)))
        }
        if (v < 27) v += 27;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}

contract WalletFactory {
    function deploy(address owner, bytes32 salt) external returns (address) {
        return address(new Wallet1271{salt: salt}(owner));
    }
}
`;
