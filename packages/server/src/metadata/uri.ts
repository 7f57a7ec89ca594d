// Token URIs: reading tokenURI / uri from the chain and turning one into something to fetch.
import type { PublicClient } from 'viem';
import { CONTRACT_TYPE } from '@aiamarket/shared';
import { gameItems1155Abi, gameItems721Abi } from '@aiamarket/shared/abis';
import { MetadataError } from './options.js';

/** The http(s) URL to fetch for a token URI, or the JSON text of a data: URI. */
export function resolveTokenUri(
  uri: string,
  gateway: string,
): { url: string } | { inline: string } {
  const trimmed = uri.trim();
  if (trimmed.startsWith('data:')) {
    const comma = trimmed.indexOf(',');
    if (comma < 0) throw new MetadataError('invalid data: URI', false);
    const meta = trimmed.slice(5, comma);
    const body = trimmed.slice(comma + 1);
    return {
      inline: meta.endsWith(';base64')
        ? Buffer.from(body, 'base64').toString('utf8')
        : decodeURIComponent(body),
    };
  }
  if (trimmed.startsWith('ipfs://')) {
    const rest = trimmed.slice(7).replace(/^ipfs\//, '');
    return { url: `${gateway.replace(/\/+$/, '')}/ipfs/${rest}` };
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new MetadataError(
      `unsupported token URI ${JSON.stringify(trimmed.slice(0, 100))}`,
      false,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new MetadataError(`unsupported token URI scheme ${url.protocol}`, false);
  }
  return { url: url.toString() };
}

/** The ERC1155 `{id}` substitution: lowercase hex, 64 characters, no 0x. */
export function substituteId(uri: string, tokenId: bigint): string {
  return uri.replaceAll('{id}', tokenId.toString(16).padStart(64, '0'));
}

/** tokenURI (ERC721) or uri with {id} (ERC1155) of a token. */
export async function readTokenUri(
  chain: PublicClient,
  contract: `0x${string}`,
  contractType: string,
  tokenId: bigint,
): Promise<string> {
  try {
    if (contractType === CONTRACT_TYPE.erc1155) {
      const uri = await chain.readContract({
        address: contract,
        abi: gameItems1155Abi,
        functionName: 'uri',
        args: [tokenId],
      });
      return substituteId(uri, tokenId);
    }
    return await chain.readContract({
      address: contract,
      abi: gameItems721Abi,
      functionName: 'tokenURI',
      args: [tokenId],
    });
  } catch (err) {
    throw new MetadataError(
      `token URI call failed: ${(err as Error).message.split('\n')[0]}`,
      true,
    );
  }
}
