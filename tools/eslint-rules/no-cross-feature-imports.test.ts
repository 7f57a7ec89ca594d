import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import plugin from './no-cross-feature-imports.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('no-cross-feature-imports', plugin.rules['no-cross-feature-imports'], {
  valid: [
    { filename: '/p/web/src/features/market/Page.tsx', code: "import x from './Grid';" },
    {
      filename: '/p/web/src/features/market/Page.tsx',
      code: "import x from '../../components/Button';",
    },
    { filename: '/p/web/src/lib/api.ts', code: "import x from '../features/market/Grid';" },
    {
      filename: '/p/server/src/modules/user/routes.ts',
      code: "import x from '../../http/envelope';",
    },
    {
      filename: '/p/server/src/modules/user/routes.ts',
      code: "import x from '@aiamarket/shared';",
    },
  ],
  invalid: [
    {
      filename: '/p/web/src/features/market/Page.tsx',
      code: "import x from '../account/Profile';",
      errors: [{ messageId: 'cross' }],
    },
    {
      filename: '/p/server/src/modules/user/routes.ts',
      code: "export * from '../health/routes';",
      errors: [{ messageId: 'cross' }],
    },
    {
      filename: '/p/web/src/features/market/deep/Page.tsx',
      code: "const m = import('../../launchpad/Page');",
      errors: [{ messageId: 'cross' }],
    },
  ],
});
