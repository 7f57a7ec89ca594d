import { z } from 'zod';
import { BANNER_TYPE } from '@aiamarket/shared';
import { localizedInput } from '../../http/locale.js';
import { addressSchema } from '../../http/schemas.js';
import { imageUrlInput, sortInput } from '../../http/inputs.js';

const types = Object.values(BANNER_TYPE);

/**
 * Admin input of a banner. The target must match the type: 0 articleId, 1 activityId,
 * 2 linkCollection, 3 tokenId + contractAddr.
 */
export const bannerInput = z
  .strictObject({
    id: z.number().int().positive().optional(),
    type: z
      .number()
      .int()
      .refine((t) => (types as number[]).includes(t), { message: 'must be 0, 1, 2 or 3' }),
    imageUrl: imageUrlInput,
    titles: localizedInput(256),
    articleId: z.number().int().positive().optional(),
    activityId: z.number().int().positive().optional(),
    linkCollection: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,128}$/, 'letters, digits and hyphens only')
      .optional(),
    tokenId: z
      .string()
      .regex(/^\d{1,78}$/, 'a decimal token id')
      .optional(),
    contractAddr: addressSchema.optional(),
    sort: sortInput.optional(),
    enabled: z.boolean().optional(),
  })
  .superRefine((b, issue) => {
    const need = (field: keyof typeof b, ok: boolean) => {
      if (!ok)
        issue.addIssue({ code: 'custom', path: [field], message: `required for type ${b.type}` });
    };
    if (b.type === BANNER_TYPE.article) need('articleId', b.articleId !== undefined);
    if (b.type === BANNER_TYPE.activity) need('activityId', b.activityId !== undefined);
    if (b.type === BANNER_TYPE.collection) need('linkCollection', b.linkCollection !== undefined);
    if (b.type === BANNER_TYPE.item) {
      need('tokenId', b.tokenId !== undefined);
      need('contractAddr', b.contractAddr !== undefined);
    }
  });
export type BannerInput = z.infer<typeof bannerInput>;
