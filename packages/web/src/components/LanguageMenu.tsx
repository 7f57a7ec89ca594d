import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { LanguageTrigger } from './LanguageTrigger';

// The menu library is not part of a first visit's download (the JavaScript budget): a plain
// button stands in until the visitor points at, focuses or opens it.
const loadDropdown = () => import('./LanguageDropdown');
const LanguageDropdown = lazy(loadDropdown);

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

export function LanguageMenu() {
  const [opened, setOpened] = useState(false);
  if (opened) {
    return (
      <Suspense fallback={<LanguageTrigger aria-busy />}>
        <LanguageDropdown defaultOpen />
      </Suspense>
    );
  }
  return (
    <LanguageTrigger
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setOpened(true)}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        setOpened(true);
      }}
    />
  );
}
