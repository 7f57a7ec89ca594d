import { z } from 'zod';
import { IPFS_PATH_PREFIX } from '../upload.js';
import { VALIDATION_MESSAGES as M } from './messages.js';

export const PROFILE_LIMITS = {
  usernameMaxLength: 32,
  emailMaxLength: 254,
  bioMaxLength: 500,
  imageUrlMaxLength: 512,
} as const;

/** Control characters (C0, DEL, C1) and the line/paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

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
  (v) => !CONTROL.test(v),
  M.charactersInvalid.message,
);

export const emailSchema = required(PROFILE_LIMITS.emailMaxLength).pipe(
  z.email({ error: M.emailInvalid.message }),
);

export const bioSchema = z.string().max(PROFILE_LIMITS.bioMaxLength, M.tooLong.message);

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
 * POST /v1/api/user/update: every field is optional (a missing field keeps its value, so the
 * account page can change only the avatar or the banner), but a field that is sent must pass the
 * same rule as on the settings form: an empty username or email answers 'This field must be
 * filled'.
 */
export const profileUpdateSchema = profileSettingsSchema.partial().strict();

export type ProfileSettings = z.infer<typeof profileSettingsSchema>;
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
