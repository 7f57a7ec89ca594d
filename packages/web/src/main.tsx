import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { interpretSchemas } from '@aiamarket/shared';
import { App } from './app/App';
import { initI18n } from './i18n';

// Before any schema runs: the CSP allows no eval (see interpretSchemas).
interpretSchemas();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Render once the chosen language is loaded (or, if its file cannot load, in English).
initI18n()
  .catch((error: unknown) => console.error('i18n:', error))
  .finally(() => {
    // As a transition, the first render is done in slices that yield to the browser (no long
    // task while the page starts); the static shell of index.html stays until it commits.
    const root = createRoot(container);
    startTransition(() => {
      root.render(
        <StrictMode>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </StrictMode>,
      );
    });
  });
