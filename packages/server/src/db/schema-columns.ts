// Column kinds the schema files share, so an address or a uint256 is one type everywhere.
import { bigint, numeric, varchar } from 'drizzle-orm/pg-core';

/** A uint256 as numeric(78, 0): decimal text, exact. */
export const uint256 = (name: string) => numeric(name, { precision: 78, scale: 0 });
/** An amount in coin units (wei / 10^decimals), e.g. a volume or a floor price. */
export const coinAmount = (name: string) => numeric(name, { precision: 78, scale: 18 });
/** A lowercased 0x address. */
export const address = (name: string) => varchar(name, { length: 42 });
export const txHash = (name: string) => varchar(name, { length: 66 });
export const blockNumber = (name: string) => bigint(name, { mode: 'number' });
