/** The broken rule of a trading field, announced as it appears; nothing while the rule holds. */
export function RuleMessage({ text, testId }: { text: string | null; testId?: string }) {
  if (!text) return null;
  return (
    <p role="alert" data-testid={testId} className="mt-1 text-xs text-rose-300">
      {text}
    </p>
  );
}
