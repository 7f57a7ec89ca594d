import {
  ERRORS,
  IMAGE_CONTENT_TYPES,
  MB,
  uploadRules,
  type UploadPurpose,
  type UploadRule,
} from '@aiamarket/shared';
import { apiRequest } from './api';

/** A client-side refusal: the catalogue error's i18n key and its placeholders. */
export interface UploadProblem {
  key: string;
  values?: Record<string, string | number>;
}

const RULES = uploadRules();

export function uploadRule(purpose: UploadPurpose): UploadRule {
  return RULES[purpose];
}

/** The `accept` attribute for a file input of this purpose. */
export function acceptOf(purpose: UploadPurpose): string {
  return RULES[purpose].kinds.map((k) => IMAGE_CONTENT_TYPES[k]).join(',');
}

/**
 * The spec's checks before uploading (section 5): the type ('Uploading image should be
 * JPG/PNG/GIF') and the size ('Uploaded image should be less than {{size}}M'). The server checks
 * the bytes again. Null when the file may be sent.
 */
export function checkImageFile(
  file: Pick<File, 'type' | 'size'>,
  purpose: UploadPurpose,
): UploadProblem | null {
  const rule = RULES[purpose];
  const types = rule.kinds.map((k) => IMAGE_CONTENT_TYPES[k]) as string[];
  if (!types.includes(file.type)) return { key: rule.typeError.key };
  if (file.size === 0) return { key: ERRORS.fileEmpty.key };
  if (file.size > rule.maxMb * MB) {
    return { key: ERRORS.imageTooLarge.key, values: { size: rule.maxMb } };
  }
  return null;
}

/** POST /v1/api/ipfs/upload (multipart: `purpose` first, then `file`); the stored image's URL. */
export function uploadImage(file: File, purpose: UploadPurpose): Promise<string> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file, file.name);
  return apiRequest<string>('/ipfs/upload', { body: form, loading: true });
}
