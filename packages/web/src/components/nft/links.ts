// Where each kind of thing opens (spec doc 1, section 2). /asset takes tokenId and contractAddr as
// navigation state; they also travel in the query so that a shared link or a reload works.

export interface AssetNavState {
  tokenId: string;
  contractAddr: string;
}

export function assetPath(tokenId: string, contractAddr: string): string {
  const query = new URLSearchParams({ tokenId, contractAddr });
  return `/asset?${query.toString()}`;
}

export function assetLink(tokenId: string, contractAddr: string) {
  const state: AssetNavState = { tokenId, contractAddr };
  return { to: assetPath(tokenId, contractAddr), state };
}

export function collectionPath(linkCollection: string): string {
  return `/collection/${encodeURIComponent(linkCollection)}`;
}

export function accountPath(userAddr: string): string {
  return `/account/0/${userAddr.toLowerCase()}`;
}
