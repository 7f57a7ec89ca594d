import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import type { UploadPurpose } from '@aiamarket/shared';
import { errorText } from '../../lib/errors';
import { acceptOf, checkImageFile, uploadImage, uploadRule } from '../../lib/upload';

/**
 * One collection image (profile, cover or background): the suggested size and the limits,
 * type and size checked before uploading, the uploaded URL kept in the form.
 */
export function CollectionImageField({
  purpose,
  label,
  hint,
  value,
  required,
  error,
  onChange,
  shape,
}: {
  purpose: Extract<UploadPurpose, 'collectionProfile' | 'collectionCover' | 'collectionBackground'>;
  label: string;
  /** Suggested size, e.g. 200x200. */
  hint: string;
  value: string;
  required: boolean;
  error?: string;
  onChange: (url: string) => void;
  shape: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const rule = uploadRule(purpose);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const refused = checkImageFile(file, purpose);
    if (refused) {
      toast.error(t(refused.key as 'errors.imageType', refused.values ?? {}));
      return;
    }
    setUploading(true);
    try {
      onChange(await uploadImage(file, purpose));
    } catch (e) {
      toast.error(errorText(e, t));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div data-testid={`collection-edit-${purpose}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-200">
        {label}
        {required && <span className="ml-1 text-red-300">*</span>}
      </label>
      <p className="mt-0.5 text-xs text-slate-400">
        {t('collectionEdit.imageHint', { size: hint, mb: rule.maxMb })}
      </p>
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={uploading}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-2 flex items-center justify-center overflow-hidden rounded-xl border border-dashed border-white/20 bg-white/5 text-sm text-slate-400 hover:border-brand-400 ${shape}`}
      >
        {value ? (
          <img src={value} alt={label} className="size-full object-cover" />
        ) : uploading ? (
          t('collectionEdit.uploading')
        ) : (
          t('collectionEdit.upload')
        )}
      </button>
      <input
        ref={input}
        id={id}
        type="file"
        accept={acceptOf(purpose)}
        className="sr-only"
        data-testid={`collection-edit-${purpose}-file`}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
