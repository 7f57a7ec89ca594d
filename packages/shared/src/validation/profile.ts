import { z } from 'zod';
import { IPFS_PATH_PREFIX } from '../upload.js';
import { VALIDATION_MESSAGES as M } from './messages.js';
import { isSingleLineText, multiLine } from './text.js';

export const PROFILE_LIMITS = {
  usernameMaxLength: 32,
  emailMaxLength: 254,
  bioMaxLength: 500,
  imageUrlMaxLength: 512,
} as const;

const required = (max: number) =>
  z
    .string({ error: M.fieldRequired.message })
    .trim()
    .min(1, M.fieldRequired.message)
    .max(max, M.tooLong.message);

/** An uploaded image: `/ipfs/{cid}` from the upload endpoint, or an http(s) URL. */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.imageUrlMaxLength, M.tooLong.message)
  .refine((v) => isImageUrl(v), M.imageUrlInvalid.message);

export function isImageUrl(value: string): boolean {
  if (value.startsWith(IPFS_PATH_PREFIX)) {
    const cid = value.slice(IPFS_PATH_PREFIX.length);
    return /^b[a-z2-7]{8,}$/.test(cid) || /^Qm[1-9A-HJ-NP-Za-km-z]{44}$/.test(cid);
  }
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
  } catch {
    return false;
  }
}

export const usernameSchema = required(PROFILE_LIMITS.usernameMaxLength).refine(
  (v) => isSingleLineText(v),
  M.charactersInvalid.message,
);

export const emailSchema = required(PROFILE_LIMITS.emailMaxLength).pipe(
  z.email({ error: M.emailInvalid.message }),
);

export const bioSchema = multiLine(z.string().max(PROFILE_LIMITS.bioMaxLength, M.tooLong.message));

/**
 * The settings form (spec section 5): username and email must both be filled, email valid; bio,
 * avatar and banner optional (an empty string clears an image).
 */
export const profileSettingsSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  bio: bioSchema.optional(),
  avatar: z.union([z.literal(''), imageUrlSchema]).optional(),
  banner: z.union([z.literal(''), imageUrlSchema]).optional(),
});

/**
 * The fields of POST /v1/api/user/update: every one is optional (a missing field keeps its value,
 * so the account page can change only the avatar or the banner), but a field that is sent must
 * pass the same rule as on the settings form. Use with `requireNameAndEmail`.
 */
export const profileUpdateFields = profileSettingsSchema.partial().strict();

/**
 * The settings form saves only when username and email are both filled (spec section 5): an
 * update that sets one of them must set the other ('This field must be filled' on the missing one).
 */
export function requireNameAndEmail(
  value: { username?: string | undefined; email?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.username === undefined && value.email === undefined) return;
  for (const field of ['username', 'email'] as const) {
    if (value[field] === undefined) {
      ctx.addIssue({ code: 'custom', path: [field], message: M.fieldRequired.message });
    }
  }
}

/** POST /v1/api/user/update: the fields and the username-and-email rule. */
export const profileUpdateSchema = profileUpdateFields.superRefine(requireNameAndEmail);

export type ProfileSettings = z.infer<typeof profileSettingsSchema>;
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
