import { lazy, Suspense } from 'react';

const ToastHost = lazy(() => import('./ToastHost'));

/** Where toasts show (lib/toast.ts); its code is not part of the first visit. */
export function Toasts() {
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
