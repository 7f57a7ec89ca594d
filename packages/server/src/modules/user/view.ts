import { z } from 'zod';

/** The user as the spec names its fields (imageUrl and headUrl are both the avatar). */
export const userData = z.object({
  id: z.number(),
  userAddr: z.string().describe('lowercased address'),
  name: z.string().nullable().describe('same as username'),
  username: z.string().nullable(),
  email: z.string().nullable().describe("only in the owner's own view, null for others"),
  bio: z.string().nullable(),
  imageUrl: z.string().nullable().describe('avatar'),
  headUrl: z.string().nullable().describe('avatar'),
  bannerUrl: z.string().nullable(),
  createDate: z.string().describe('ISO 8601, first sign-in'),
});

export type UserData = z.infer<typeof userData>;

/** A profile by address: also an address that never signed in but has on-chain history. */
export const accountData = userData.extend({
  id: z.number().nullable().describe('null for an address that never signed in'),
  createDate: z
    .string()
    .nullable()
    .describe('ISO 8601, first sign-in; null for an address that never signed in'),
});

export type AccountData = z.infer<typeof accountData>;
