/** The empty-list illustration with its message. */
export function EmptyIllustration({
  label,
  testId = 'launchpad-empty',
}: {
  label: string;
  testId?: string;
}) {
  return (
    <div data-testid={testId} className="flex flex-col items-center gap-3 py-12 text-slate-400">
      <svg viewBox="0 0 120 80" className="w-32" role="img" aria-label={label}>
        <rect
          x="14"
          y="18"
          width="92"
          height="54"
          rx="8"
          fill="none"
          stroke="#475569"
          strokeWidth="3"
        />
        <path d="M14 34h92" stroke="#475569" strokeWidth="3" />
        <circle cx="60" cy="10" r="5" fill="#22d3ee" opacity=".6" />
        <path d="M44 52h32" stroke="#64748b" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p>{label}</p>
    </div>
  );
}
