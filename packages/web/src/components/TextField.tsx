import type { InputHTMLAttributes } from 'react';

/** The text inputs of the settings forms (profile, collection). */
export const INPUT =
  'mt-1.5 block w-full rounded-xl border border-white/10 bg-ink-950/60 px-4 py-2.5 text-slate-100 placeholder:text-slate-500 outline-none focus:border-brand-400 aria-invalid:border-red-400/70';

/**
 * A labelled text input of a form with its error under it; `id` is also its test id, and the
 * error's id and test id are `${id}-error`. `input` carries the form library's registration.
 */
export function TextField({
  id,
  label,
  required = false,
  error,
  input,
}: {
  id: string;
  label: string;
  required?: boolean;
  error: string | undefined;
  input: InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> };
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-200">
        {label}
        {required && <span className="ml-1 text-red-300">*</span>}
      </label>
      <input
        id={id}
        data-testid={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={INPUT}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} data-testid={`${id}-error`} className="mt-1.5 text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
