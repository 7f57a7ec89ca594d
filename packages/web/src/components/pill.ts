/**
 * The round buttons of pages and notices (a call to action, a retry), for a link or a button
 * alike; margins are the caller's.
 */
export const pillClass = {
  brand:
    'inline-flex h-10 items-center rounded-full bg-brand-500 px-5 text-sm font-semibold text-ink-950 hover:bg-brand-400',
  /** A page's one call to action. */
  brandLarge:
    'inline-flex h-11 items-center rounded-full bg-brand-500 px-6 font-semibold text-ink-950 hover:bg-brand-400',
  outline:
    'inline-flex h-10 items-center rounded-full border border-white/20 px-5 text-sm font-semibold text-white hover:bg-white/10',
} as const;
