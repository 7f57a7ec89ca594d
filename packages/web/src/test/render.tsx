import { render } from '@testing-library/react';
import { useEffect } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from 'react-router';
import { App } from '../app/App';

type Listener = (state: { location: Location }) => void;

/** What tests read of the router: where it is, and a way to move it and to follow it. */
export type TestRouter = {
  state: { location: Location };
  navigate: (to: string) => Promise<void>;
  subscribe: (listener: Listener) => () => void;
};

function createTestRouter(path: string): TestRouter & { bind: (probe: Probe) => void } {
  const listeners = new Set<Listener>();
  let navigate: NavigateFunction | null = null;
  const router = {
    state: {
      location: { pathname: path, search: '', hash: '', state: null, key: 'initial' } as Location,
    },
    navigate: async (to: string) => {
      if (!navigate) throw new Error('the app is not rendered');
      await navigate(to);
    },
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    bind: (probe: Probe) => {
      navigate = probe.navigate;
      if (probe.location === router.state.location) return;
      router.state = { location: probe.location };
      for (const listener of listeners) listener(router.state);
    },
  };
  return router;
}

type Probe = { location: Location; navigate: NavigateFunction };

function RouterProbe({ onChange }: { onChange: (probe: Probe) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => onChange({ location, navigate }), [location, navigate, onChange]);
  return null;
}

/** Renders the whole app (providers, shell, route table) at `path`. */
export function renderApp(path = '/') {
  const router = createTestRouter(path);
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <RouterProbe onChange={router.bind} />
      <App />
    </MemoryRouter>,
  );
  return { ...result, router: router as TestRouter };
}
