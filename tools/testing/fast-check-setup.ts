// vitest setup file (setupFiles of the contracts and server packages): every test runs its
// fast-check properties with the seed fast-check-seed.ts picks (fixed by the test's name unless
// FC_SEED says otherwise). fast-check's failure message gives the seed and the counterexample's
// path; a failed test also prints its seed here, which covers failures fast-check does not
// report (a timeout).
import fc from 'fast-check';
import { beforeEach } from 'vitest';
import { seedFor } from './fast-check-seed.js';

const base = fc.readConfigureGlobal();

beforeEach((ctx) => {
  const { seed, path } = seedFor(ctx.task.fullName);
  fc.configureGlobal({ ...base, seed, ...(path ? { path } : {}) });
  ctx.onTestFailed(() => {
    console.log(
      `fast-check seed of "${ctx.task.fullName}": FC_SEED=${seed}` +
        ' (add FC_PATH=<path from the failure> to replay only the counterexample)',
    );
  });
});
