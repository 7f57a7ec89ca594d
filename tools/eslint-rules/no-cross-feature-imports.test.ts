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
    { filename: '/p/web/src/lib/api.ts', code: "import x from './cx';" },
    {
      filename: '/p/web/src/components/nft/Card.tsx',
      code: "import x from '../../lib/cx';",
    },
    // A folder merely named like a slice outside src/ is not one.
    { filename: '/p/web/src/lib/api.ts', code: "import x from '../../features.md';" },
    { filename: '/p/server/src/http/app.ts', code: "import x from '../db/client';" },
    // app/ composes features into the shell: it may import them.
    { filename: '/p/web/src/app/AppLayout.tsx', code: "import x from '../features/search/Box';" },
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
    {
      filename: '/p/web/src/lib/api.ts',
      code: "import x from '../features/market/Grid';",
      errors: [{ messageId: 'generic' }],
    },
    {
      filename: '/p/web/src/components/TopBar.tsx',
      code: "import { GlobalSearch } from '../features/search/GlobalSearch';",
      errors: [{ messageId: 'generic' }],
    },
    {
      filename: '/p/web/src/components/nft/Card.tsx',
      code: "const m = import('../../features/item/Page');",
      errors: [{ messageId: 'generic' }],
    },
    {
      filename: '/p/web/src/lib/wallet/index.ts',
      code: "export { x } from '../../features/account/x';",
      errors: [{ messageId: 'generic' }],
    },
    {
      filename: '/p/server/src/http/app.ts',
      code: "import { routes } from '../modules/user/routes';",
      errors: [{ messageId: 'generic' }],
    },
    {
      filename: '/p/server/src/db/seed.ts',
      code: "import { x } from '../modules/banner/queries';",
      errors: [{ messageId: 'generic' }],
    },
    {
      filename: '/p/server/src/read-models/order-view.ts',
      code: "import { x } from '../modules/item/view';",
      errors: [{ messageId: 'generic' }],
    },
  ],
});
