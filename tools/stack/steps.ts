/** Prints each step of a run as it starts and ends, with its duration. */
export interface StepLogger {
  step<T>(label: string, run: () => Promise<T>): Promise<T>;
  info(line: string): void;
}

export function consoleSteps(out: (line: string) => void = (l) => console.log(l)): StepLogger {
  return {
    async step(label, run) {
      const started = performance.now();
      out(`▸ ${label}`);
      try {
        const result = await run();
        out(`✔ ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
        return result;
      } catch (err) {
        out(`✖ ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
        throw err;
      }
    },
    info: out,
  };
}

export const silentSteps: StepLogger = {
  step: (_label, run) => run(),
  info: () => undefined,
};
