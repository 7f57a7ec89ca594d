import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls the window to the top whenever the route (path or query) changes. */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
