import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import type { UploadPurpose } from '@aiamarket/shared';
import { Avatar } from '../../components/Avatar';
import { cx } from '../../lib/cx';
import { errorText } from '../../lib/errors';
import { acceptOf, checkImageFile, uploadImage, uploadRule } from '../../lib/upload';

interface ImageFieldProps {
  purpose: Extract<UploadPurpose, 'avatar' | 'banner'>;
  label: string;
  value: string;
  seed: string;
  onChange(url: string): void;
}

/** An image picked from disk, checked (type, size), uploaded, and kept as its URL. */
export function ImageField({ purpose, label, value, seed, onChange }: ImageFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const rule = uploadRule(purpose);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const refused = checkImageFile(file, purpose);
    if (refused) {
      const message = t(refused.key as 'errors.imageType', refused.values ?? {});
      setProblem(message);
      toast.error(message);
      return;
    }
    setProblem(null);
    setUploading(true);
    try {
      onChange(await uploadImage(file, purpose));
    } catch (error) {
      const message = errorText(error, t);
      setProblem(message);
      toast.error(message);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div data-testid={`settings-${purpose}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      <p className="mt-0.5 text-xs text-slate-400">
        {t('settings.imageHint', { size: rule.maxMb })}
      </p>
      <div className="mt-3 flex items-center gap-4">
        {purpose === 'avatar' ? (
          <Avatar
            src={value || null}
            seed={seed}
            size={80}
            priority
            className="size-20 border border-white/10"
            alt={value ? label : ''}
          />
        ) : (
          <div
            className={cx(
              'h-20 w-48 overflow-hidden rounded-xl border border-white/10',
              !value && 'bg-gradient-to-r from-brand-500/30 to-ink-800',
            )}
          >
            {value && <img src={value} alt={label} className="size-full object-cover" />}
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={uploading}
            onClick={() => input.current?.click()}
            className="h-9 rounded-full border border-white/15 px-4 text-sm font-medium hover:bg-white/10 disabled:opacity-50"
          >
            {uploading
              ? t('settings.uploading')
              : value
                ? t('settings.change')
                : t('settings.upload')}
          </button>
          {value && !uploading && (
            <button
              type="button"
              data-testid={`settings-${purpose}-remove`}
              onClick={() => onChange('')}
              className="h-9 rounded-full px-4 text-sm text-slate-300 hover:bg-white/10"
            >
              {t('settings.remove')}
            </button>
          )}
        </div>
        <input
          ref={input}
          id={id}
          type="file"
          accept={acceptOf(purpose)}
          data-testid={`settings-${purpose}-input`}
          className="sr-only"
          tabIndex={-1}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            void pick(file);
          }}
        />
      </div>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {problem}
        </p>
      )}
    </div>
  );
}
