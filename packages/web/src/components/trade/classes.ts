/** The primary, secondary and danger buttons of the trading pieces and their dialogs. */
export const buttonClass = {
  primary:
    'inline-flex h-11 items-center justify-center rounded-full bg-brand-500 px-6 text-sm font-semibold text-ink-950 hover:bg-brand-400 disabled:cursor-not-allowed disabled:opacity-40',
  secondary:
    'inline-flex h-11 items-center justify-center rounded-full border border-white/20 px-6 text-sm font-semibold text-white hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-40',
  danger:
    'inline-flex h-11 items-center justify-center rounded-full bg-rose-500 px-6 text-sm font-semibold text-white hover:bg-rose-400 disabled:cursor-not-allowed disabled:opacity-40',
} as const;

/** The text inputs and selects of the trade forms. */
export const inputClass =
  'mt-1 h-11 w-full rounded-xl border border-white/15 bg-ink-950 px-3 text-slate-100 placeholder:text-slate-500 focus:border-brand-400 focus:outline-none aria-[invalid=true]:border-rose-400';
