import type { ComponentProps } from 'react';

/** A link to another site, opened in a new tab that gets no hold on this page (noopener). */
export function ExternalLink(props: Omit<ComponentProps<'a'>, 'target' | 'rel'>) {
  return <a {...props} target="_blank" rel="noopener noreferrer" />;
}
