import { z } from 'zod';

/** A 0x address in any letter case; handlers lowercase it before use. */
export const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address of 40 hex digits')
  .describe('0x address (any letter case; stored lowercased)');
