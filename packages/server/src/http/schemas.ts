import { z } from 'zod';
import { ADDRESS_PATTERN } from '@aiamarket/shared';

/** A 0x address in any letter case; handlers lowercase it before use. */
export const addressSchema = z
  .string()
  .regex(ADDRESS_PATTERN, 'must be a 0x address of 40 hex digits')
  .describe('0x address (any letter case; stored lowercased)');
