import { erc20Abi, erc721Abi, type Address, type Hash } from 'viem';
import { contractAt } from './contract';
import type { ConnectedWallet } from './wallet';

// The approvals a write needs first. ERC721 and ERC1155 share isApprovedForAll and
// setApprovalForAll with the same signatures, so the ERC721 ABI serves both.

/** True when `operator` may move all of the wallet's tokens of `nft`. */
export async function isApprovedForAll(nft: Address, owner: Address, operator: Address) {
  return contractAt(nft, erc721Abi).read('isApprovedForAll', [owner, operator]);
}

/** setApprovalForAll(operator) unless it is already set; true when a transaction was sent. */
export async function ensureApprovalForAll(
  wallet: ConnectedWallet,
  nft: Address,
  operator: Address,
  onHash?: (hash: Hash) => void,
): Promise<boolean> {
  if (await isApprovedForAll(nft, wallet.account, operator)) return false;
  await contractAt(nft, erc721Abi).write(wallet, 'setApprovalForAll', [operator, true], onHash);
  return true;
}

/** The ERC-20 allowance of `spender` over the wallet's `coin`. */
export async function allowanceOf(coin: Address, owner: Address, spender: Address) {
  return contractAt(coin, erc20Abi).read('allowance', [owner, spender]);
}

/** approve(spender, amount) when the allowance does not cover `amount`; true when sent. */
export async function ensureAllowance(
  wallet: ConnectedWallet,
  coin: Address,
  spender: Address,
  amount: bigint,
  onHash?: (hash: Hash) => void,
): Promise<boolean> {
  if (amount <= 0n || (await allowanceOf(coin, wallet.account, spender)) >= amount) return false;
  await contractAt(coin, erc20Abi).write(wallet, 'approve', [spender, amount], onHash);
  return true;
}
