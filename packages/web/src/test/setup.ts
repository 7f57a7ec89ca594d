import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { initI18n, setLanguage } from '../i18n';
import { setConnectDialogOpen } from '../lib/session';

// findBy and waitFor wait up to 5 s, not 1: on a loaded 2-core host a mocked flow of several
// steps (switch chain, allowance, mint, indexer) has taken longer than 1 s to reach its end.
configure({ asyncUtilTimeout: 5_000 });

// Every component test starts in English with empty storage.
if (typeof window !== 'undefined') {
  await initI18n('');
  afterEach(async () => {
    cleanup();
    window.localStorage.clear();
    document.cookie = 'web-token=; Path=/; Max-Age=0';
    setConnectDialogOpen(false);
    await setLanguage('en', { persist: false });
  });
}
