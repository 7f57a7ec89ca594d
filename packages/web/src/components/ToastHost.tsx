import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { markToastHostReady } from '../lib/toast';

/** sonner's Toaster, in its own chunk (Toasts.tsx loads it after the first paint). */
export default function ToastHost() {
  // A parent's effect runs after its children's: the Toaster listens by now.
  useEffect(markToastHostReady, []);
  return <Toaster theme="dark" position="top-center" richColors closeButton />;
}
