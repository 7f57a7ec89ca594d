import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { initI18n, setLanguage } from '../i18n';
import { setConnectDialogOpen } from '../lib/session';

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
