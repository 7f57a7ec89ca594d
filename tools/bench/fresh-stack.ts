// What a bench run as a script does around its measurement: a demo stack on free ports in a
// scratch folder, stopped and removed afterwards; an error is printed as one line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack, type Stack } from '../stack/stack.js';
import { consoleSteps } from '../stack/steps.js';

export async function benchOnFreshStack(
  name: string,
  bench: (stack: Stack) => Promise<unknown>,
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `aiamarket-${name}-`));
  const stack = await startStack({
    dataDir,
    port: 0,
    anvilPort: 0,
    fresh: true,
    steps: consoleSteps(),
  });
  try {
    await bench(stack);
  } catch (err) {
    console.error(`error: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
