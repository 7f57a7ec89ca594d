// Attribute categories for the filters: a token's metadata properties (name -> category,
// value -> value) written when its metadata is stored; a refresh replaces the token's rows.
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { attrCategories, attrValues, tokenAttributes } from '../db/schema-chain.js';
import type { Tx } from '../db/database.js';

export interface Property {
  name: string;
  value: string;
}

/**
 * Sets the token's attributes to `properties` (duplicates and empty names ignored). Categories
 * and values are shared by the collection's tokens and kept when no token uses them any more
 * (their ids stay stable for saved filters); count tokens through token_attributes.
 */
export async function writeTokenAttributes(
  tx: Tx,
  chainId: number,
  contractAddr: string,
  tokenId: string,
  properties: Property[],
) {
  const contract = contractAddr.toLowerCase();
  const wanted = new Map<string, Set<string>>();
  for (const p of properties) {
    const name = p.name.trim().slice(0, 128);
    const value = p.value.trim().slice(0, 256);
    if (!name) continue;
    let values = wanted.get(name);
    if (!values) wanted.set(name, (values = new Set()));
    values.add(value);
  }
  const valueIds: number[] = [];
  if (wanted.size > 0) {
    const names = [...wanted.keys()];
    await tx
      .insert(attrCategories)
      .values(names.map((name) => ({ chainId, contractAddr: contract, name })))
      .onConflictDoNothing();
    const categories = await tx
      .select({ id: attrCategories.id, name: attrCategories.name })
      .from(attrCategories)
      .where(
        and(
          eq(attrCategories.chainId, chainId),
          eq(attrCategories.contractAddr, contract),
          inArray(attrCategories.name, names),
        ),
      );
    const pairs = categories.flatMap((c) =>
      [...wanted.get(c.name)!].map((value) => ({ categoryId: c.id, value })),
    );
    await tx.insert(attrValues).values(pairs).onConflictDoNothing();
    const rows = await tx
      .select({ id: attrValues.id, categoryId: attrValues.categoryId, value: attrValues.value })
      .from(attrValues)
      .where(
        and(
          inArray(
            attrValues.categoryId,
            categories.map((c) => c.id),
          ),
          inArray(attrValues.value, [...new Set(pairs.map((p) => p.value))]),
        ),
      );
    const keep = new Set(pairs.map((p) => `${p.categoryId}|${p.value}`));
    for (const r of rows) if (keep.has(`${r.categoryId}|${r.value}`)) valueIds.push(r.id);
  }
  const token = and(
    eq(tokenAttributes.chainId, chainId),
    eq(tokenAttributes.contractAddr, contract),
    eq(tokenAttributes.tokenId, tokenId),
  );
  await tx
    .delete(tokenAttributes)
    .where(valueIds.length > 0 ? and(token, notInArray(tokenAttributes.valueId, valueIds)) : token);
  if (valueIds.length > 0) {
    await tx
      .insert(tokenAttributes)
      .values(valueIds.map((valueId) => ({ chainId, contractAddr: contract, tokenId, valueId })))
      .onConflictDoNothing();
  }
}
