/**
 * Splits command arguments into positional ones and `--name value` options, refusing an option
 * not in `allowed` or one without a value with the caller's error (each command family reports
 * its own error class).
 */
export function parseOptions(
  args: string[],
  allowed: string[],
  refuse: (message: string) => Error,
): { positional: string[]; opts: Map<string, string> } {
  const positional: string[] = [];
  const opts = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const name = arg.slice(2);
    if (!allowed.includes(name)) throw refuse(`unknown option --${name}`);
    const value = args[++i];
    if (value === undefined) throw refuse(`missing value for --${name}`);
    opts.set(name, value);
  }
  return { positional, opts };
}
