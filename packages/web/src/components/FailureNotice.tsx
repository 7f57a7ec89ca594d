import { pillClass } from './pill';

const TONE = {
  /** In place of a whole page. */
  page: {
    box: 'mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-4 py-24 text-center',
    message: 'text-slate-300',
    button: pillClass.brand,
  },
  /** In place of one part of a page (a list, a panel). */
  section: {
    box: 'flex flex-col items-center gap-3 rounded-2xl border border-red-400/30 bg-red-500/10 px-4 py-10 text-center',
    message: 'text-sm text-red-100',
    button: pillClass.outline,
  },
} as const;

/** Something that failed to load, said in one sentence with one way out (retry, reload). */
export function FailureNotice({
  tone,
  testId,
  message,
  action,
}: {
  tone: keyof typeof TONE;
  testId: string;
  message: string;
  action: { label: string; onClick: () => void; testId?: string };
}) {
  const look = TONE[tone];
  return (
    <div role="alert" data-testid={testId} className={look.box}>
      <p className={look.message}>{message}</p>
      <button
        type="button"
        data-testid={action.testId}
        onClick={action.onClick}
        className={look.button}
      >
        {action.label}
      </button>
    </div>
  );
}
