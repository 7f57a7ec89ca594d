import type { Abi, Hex } from 'viem';
import {
  gameItems1155Abi,
  gameItems1155Bytecode,
  gameItems721Abi,
  gameItems721Bytecode,
} from '@aiamarket/shared/abis';

/**
 * The contract a collection of `type` is deployed from: GameItems721 or GameItems1155. Both
 * constructors take (name, symbol, base URI, owner, royalty receiver, royalty in basis points),
 * so a caller builds one argument list for either.
 */
export function gameItemsContract(type: 'ERC721' | 'ERC1155'): { abi: Abi; bytecode: Hex } {
  return type === 'ERC721'
    ? { abi: gameItems721Abi, bytecode: gameItems721Bytecode }
    : { abi: gameItems1155Abi, bytecode: gameItems1155Bytecode };
}
