// Generates the typed ABIs (and creation bytecode) of this package's own contracts into
// packages/shared/src/generated/abis.ts, imported as `@aiamarket/shared/abis`.
// Run through `npm run build -w @aiamarket/contracts` (forge build, then wagmi generate).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@wagmi/cli';
import type { Plugin } from '@wagmi/cli';
import { foundry } from '@wagmi/cli/plugins';
import { findNodeBin } from './ts/node-bin.js';

const root = dirname(fileURLToPath(import.meta.url));
const srcDir = join(root, 'src');
const outDir = join(root, 'out');

/** forge from this package's node_modules or the hoisted root one, whichever exists. */
function forgePath(): string {
  const forge = findNodeBin('forge', root);
  if (!forge) throw new Error('forge not found in node_modules/.bin (run npm install)');
  return forge;
}

/** Every Solidity file under src/ (forge names artifact folders after the file's base name). */
function ownSourceFiles(dir = srcDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ownSourceFiles(path);
    return entry.name.endsWith('.sol') && !entry.name.endsWith('.t.sol') ? [path] : [];
  });
}

/** Test-only contracts (mocks, attackers, an upgrade target) live in src/testing/. */
const testingDir = join(srcDir, 'testing');
const isTesting = (file: string) => file.startsWith(`${testingDir}/`);

/** Declarations only (events and errors per family): every contract's ABI already carries its own. */
const interfacesDir = join(srcDir, 'interfaces');
const isDeclarations = (file: string) => file.startsWith(`${interfacesDir}/`);

const productArtifactFolders = ownSourceFiles()
  .filter((file) => !isTesting(file) && !isDeclarations(file))
  .map((file) => basename(file));
const testingArtifactFolders = ownSourceFiles()
  .filter(isTesting)
  .map((file) => basename(file));
const ownArtifactFolders = [...productArtifactFolders, ...testingArtifactFolders];

/** Contract name -> its forge artifact, for this package's own contracts. */
function ownArtifacts(): Map<string, string> {
  const artifacts = new Map<string, string>();
  for (const folder of ownArtifactFolders) {
    const dir = join(outDir, folder);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir)) {
      if (file.endsWith('.json')) artifacts.set(basename(file, '.json'), join(dir, file));
    }
  }
  return artifacts;
}

/** Adds `<name>Bytecode` (creation code) next to each `<name>Abi`, for deployable contracts. */
function bytecode(): Plugin {
  return {
    name: 'Bytecode',
    run({ contracts }) {
      const artifacts = ownArtifacts();
      const lines: string[] = [];
      for (const contract of contracts) {
        const artifactPath = artifacts.get(contract.name);
        if (!artifactPath) continue;
        const artifact = JSON.parse(readFileSync(artifactPath, 'utf8')) as {
          bytecode?: { object?: string; linkReferences?: Record<string, unknown> };
        };
        const object = artifact.bytecode?.object ?? '';
        // Interfaces and abstract contracts have no creation code.
        if (!/^0x[0-9a-fA-F]+$/.test(object) || object === '0x') continue;
        if (Object.keys(artifact.bytecode?.linkReferences ?? {}).length > 0) {
          throw new Error(`${contract.name} needs library linking, which deploy.ts does not do`);
        }
        const name = contract.meta.abiName.replace(/Abi$/, 'Bytecode');
        lines.push(
          `/** Creation bytecode of ${contract.name} (${relative(root, artifactPath)}). */`,
          `export const ${name} = '${object}' as const;`,
        );
      }
      return { content: lines.join('\n') };
    },
  };
}

const contractsFrom = (folders: string[]) =>
  foundry({
    project: root,
    // `npm run build` runs `forge build` first; wagmi only reads the artifacts.
    forge: { path: forgePath(), build: false, rebuild: false },
    include: folders.map((folder) => `${folder}/*.json`),
  });

export default defineConfig([
  // The product's contracts, for every package: `@aiamarket/shared/abis`.
  {
    out: '../shared/src/generated/abis.ts',
    plugins: [contractsFrom(productArtifactFolders), bytecode()],
  },
  // Test-only contracts, for this package's tests only (next to forge's output, not committed).
  {
    out: 'out/testing-abis.ts',
    plugins: [contractsFrom(testingArtifactFolders), bytecode()],
  },
]);
