import { z } from 'zod';
import { localizedInput } from '../../http/locale.js';
import { sortInput } from '../../http/inputs.js';

/** Admin input of a category (create without id, update with id). */
export const categoryInput = z.strictObject({
  id: z.number().int().positive().optional(),
  names: localizedInput(128),
  sort: sortInput.optional(),
});
export type CategoryInput = z.infer<typeof categoryInput>;

/** Admin input of an article; contents are HTML (sanitised before storing). */
export const articleInput = z.strictObject({
  id: z.number().int().positive().optional(),
  categoryId: z.number().int().positive(),
  titles: localizedInput(256),
  contents: localizedInput(200_000),
  sort: sortInput.optional(),
});
export type ArticleInput = z.infer<typeof articleInput>;
