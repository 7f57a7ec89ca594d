import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureNotice } from './FailureNotice';

/** A page that failed to load or render (for example a missing code chunk after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <FailureNotice
      tone="page"
      testId="route-error"
      message={t('app.pageLoadError')}
      action={{ label: t('app.reload'), onClick: () => window.location.reload() }}
    />
  );
}

type BoundaryProps = { children: ReactNode; resetKey?: string };

/**
 * Shows RouteError instead of a subtree that threw while rendering or loading. The app uses the
 * plain router (the data router's code weighs on every first visit and the app has no loaders),
 * which has no error elements of its own. A new `resetKey` (the path) tries the subtree again.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; key?: string }> {
  override state: { error: unknown; key?: string } = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown render error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key?: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    if (import.meta.env.DEV) console.error(error);
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}
