import { z } from 'zod';
import { localizedInput } from '../../http/locale.js';
import { addressSchema } from '../../http/schemas.js';
import { decimalInput, imageUrlInput, linkInput, sortInput } from '../../http/inputs.js';

const when = z
  .union([z.string().datetime({ offset: true }), z.date()])
  .transform((v) => new Date(v));

export const activityItemInput = z
  .strictObject({
    names: localizedInput(256),
    blindBoxId: z.number().int().positive().nullable().optional(),
    tokenId: z
      .string()
      .regex(/^\d{1,78}$/, 'a decimal token id')
      .optional(),
    contractAddr: addressSchema.optional(),
    imageUrl: imageUrlInput,
    num: z.number().int().min(1).max(1_000_000_000),
    residueNum: z.number().int().min(0).max(1_000_000_000).optional(),
    price: decimalInput,
    coin: z.string().trim().min(1).max(16).optional(),
    sort: sortInput.optional(),
  })
  .refine((i) => i.residueNum === undefined || i.residueNum <= i.num, {
    message: 'residueNum must not exceed num',
    path: ['residueNum'],
  });
export type ActivityItemInput = z.infer<typeof activityItemInput>;

/**
 * Admin input of a primary-sale activity (type 1 is shown on /primary). Times are ISO 8601 with
 * an offset. With `items`, the activity's items are replaced by these.
 */
export const activityInput = z
  .strictObject({
    id: z.number().int().positive().optional(),
    type: z.number().int().min(0).max(9).default(1),
    names: localizedInput(256),
    remarks: localizedInput(2_000),
    coverUrl: imageUrlInput,
    backgroundUrl: imageUrlInput.optional(),
    price: decimalInput.optional(),
    coin: z.string().trim().min(1).max(16).optional(),
    totalNum: z.number().int().min(0).max(1_000_000_000).optional(),
    buyUrl: linkInput.optional(),
    startTime: when,
    endTime: when,
    sort: sortInput.optional(),
    items: z.array(activityItemInput).max(1_000).optional(),
  })
  .refine((a) => a.endTime.getTime() > a.startTime.getTime(), {
    message: 'endTime must be after startTime',
    path: ['endTime'],
  });
export type ActivityInput = z.input<typeof activityInput>;
export type ActivityValues = z.output<typeof activityInput>;
