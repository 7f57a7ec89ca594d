// Global set-up of the server's tests on the embedded database: one migrated PGlite, dumped to a
// file once per run, which every test file's database starts from. Creating a PGlite cluster runs
// initdb inside WebAssembly and then every migration, several seconds of CPU per test file; a
// copy of the migrated folder opens in a fraction of that. On PostgreSQL nothing is made here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite dump, or '' when the tests run on PostgreSQL. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aiamarket-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openDatabase({});
  try {
    await database.migrate();
    fs.writeFileSync(file, await database.dump!());
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
