import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const generated = join(packageDir, '..', 'shared', 'src', 'generated', 'abis.ts');
/** ABIs of the test-only contracts in src/testing (written next to forge's output). */
const testingGenerated = join(packageDir, 'out', 'testing-abis.ts');

function newestSource(dir: string): number {
  return Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return newestSource(path);
      return entry.name.endsWith('.sol') ? statSync(path).mtimeMs : 0;
    }),
  );
}

/** The tests use the generated ABIs and bytecode: fail early and clearly when they are missing or stale. */
export default function setup(): void {
  const hint = 'run `npm run build -w @aiamarket/contracts` first';
  for (const file of [generated, testingGenerated]) {
    if (!existsSync(file)) throw new Error(`${file} does not exist: ${hint}`);
    if (statSync(file).mtimeMs < newestSource(join(packageDir, 'src'))) {
      throw new Error(`${file} is older than the Solidity sources: ${hint}`);
    }
  }
}
