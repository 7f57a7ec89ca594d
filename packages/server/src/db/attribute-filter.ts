import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { attrValues, tokenAttributes } from './schema-traits.js';

/**
 * Tokens having any of the attribute values `gorySet` (within category `parentId` when given),
 * as a condition on the token columns of the outer query.
 */
export function hasAttributeValue(
  chainId: number,
  contractAddr: SQLWrapper,
  tokenId: SQLWrapper,
  gorySet: number[],
  parentId: number | undefined,
): SQL {
  const ids = sql.join(
    gorySet.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`exists (select 1 from ${tokenAttributes}
      join ${attrValues} on ${attrValues.id} = ${tokenAttributes.valueId}
      where ${tokenAttributes.chainId} = ${chainId}
        and ${tokenAttributes.contractAddr} = ${contractAddr}
        and ${tokenAttributes.tokenId} = ${tokenId}
        and ${tokenAttributes.valueId} in (${ids})
        ${parentId !== undefined ? sql`and ${attrValues.categoryId} = ${parentId}` : sql``})`;
}
