// Attribute categories for the filters: a token's metadata properties (name -> category,
// value -> value) written when its metadata is stored; a refresh replaces the token's rows.
import { sql } from 'drizzle-orm';
import { attrCategories, attrValues, tokenAttributes } from '../db/schema-traits.js';
import type { Tx } from '../db/database.js';
import { chunks, insertRows, KEYS_PER_STATEMENT, rowsOf, valuesOf } from '../db/bulk.js';

export interface Property {
  name: string;
  value: string;
}

export interface TokenProperties {
  contractAddr: string;
  tokenId: string;
  properties: Property[];
}

/**
 * Sets each token's attributes to its `properties` (duplicates and empty names ignored), for
 * many tokens in a few set-based statements (a back-fill stores thousands at once). Categories
 * and values are shared by the collection's tokens and kept when no token uses them any more
 * (their ids stay stable for saved filters); count tokens through token_attributes.
 */
export async function writeTokensAttributes(
  tx: Tx,
  chainId: number,
  tokens: readonly TokenProperties[],
) {
  if (tokens.length === 0) return;
  // What each token wants: contract|token -> name -> values.
  const wanted: { contract: string; tokenId: string; name: string; value: string }[] = [];
  for (const t of tokens) {
    const contract = t.contractAddr.toLowerCase();
    const seen = new Set<string>();
    for (const p of t.properties) {
      const name = p.name.trim().slice(0, 128);
      const value = p.value.trim().slice(0, 256);
      const key = JSON.stringify([name, value]);
      if (!name || seen.has(key)) continue;
      seen.add(key);
      wanted.push({ contract, tokenId: t.tokenId, name, value });
    }
  }
  const categoryId = new Map<string, number>();
  const valueId = new Map<string, number>();
  const categoryKey = (contract: string, name: string) => JSON.stringify([contract, name]);
  const valueKey = (category: number, value: string) => JSON.stringify([category, value]);
  if (wanted.length > 0) {
    const categories = [
      ...new Map(wanted.map((w) => [categoryKey(w.contract, w.name), w])).values(),
    ];
    await insertRows(
      tx,
      attrCategories,
      categories.map((c) => ({ chainId, contractAddr: c.contract, name: c.name })),
      sql`on conflict do nothing`,
    );
    for (const part of chunks(categories, KEYS_PER_STATEMENT)) {
      const keys = valuesOf(
        part.map((c) => [c.contract, c.name]),
        ['varchar', 'varchar'],
      );
      const rows = rowsOf<{ id: number; contract_addr: string; name: string }>(
        await tx.execute(sql`
          select a.id, a.contract_addr, a.name from attr_categories a
          join ${keys} as k(c, n) on a.chain_id = ${chainId} and a.contract_addr = k.c and a.name = k.n`),
      );
      for (const r of rows) categoryId.set(categoryKey(r.contract_addr, r.name), Number(r.id));
    }
    const values = [
      ...new Map(
        wanted.map((w) => {
          const category = categoryId.get(categoryKey(w.contract, w.name))!;
          return [valueKey(category, w.value), { categoryId: category, value: w.value }];
        }),
      ).values(),
    ];
    await insertRows(tx, attrValues, values, sql`on conflict do nothing`);
    for (const part of chunks(values, KEYS_PER_STATEMENT)) {
      const keys = valuesOf(
        part.map((v) => [String(v.categoryId), v.value]),
        ['integer', 'varchar'],
      );
      const rows = rowsOf<{ id: number; category_id: number; value: string }>(
        await tx.execute(sql`
          select v.id, v.category_id, v.value from attr_values v
          join ${keys} as k(c, v) on v.category_id = k.c and v.value = k.v`),
      );
      for (const r of rows) valueId.set(valueKey(Number(r.category_id), r.value), Number(r.id));
    }
  }
  const links = wanted.map((w) => ({
    chainId,
    contractAddr: w.contract,
    tokenId: w.tokenId,
    valueId: valueId.get(valueKey(categoryId.get(categoryKey(w.contract, w.name))!, w.value))!,
  }));
  // The tokens' links that are not wanted any more go; the wanted ones are added.
  for (const part of chunks([...tokens], KEYS_PER_STATEMENT)) {
    const keys = valuesOf(
      part.map((t) => [t.contractAddr.toLowerCase(), t.tokenId]),
      ['varchar', 'numeric'],
    );
    const inPart = new Set(part.map((t) => `${t.contractAddr.toLowerCase()}|${t.tokenId}`));
    const keep = valuesOf(
      links
        .filter((l) => inPart.has(`${l.contractAddr}|${l.tokenId}`))
        .map((l) => [l.contractAddr, l.tokenId, String(l.valueId)]),
      ['varchar', 'numeric', 'integer'],
    );
    await tx.execute(sql`
      delete from token_attributes a using ${keys} as k(c, t)
      where a.chain_id = ${chainId} and a.contract_addr = k.c and a.token_id = k.t
        and (a.contract_addr, a.token_id, a.value_id) not in ${keep}`);
  }
  await insertRows(tx, tokenAttributes, links, sql`on conflict do nothing`);
}
