import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../lib/cx';

export interface TabItem<K extends string> {
  id: K;
  label: ReactNode;
}

/**
 * A WAI-ARIA tab list: arrow keys, Home and End move between tabs (automatic activation).
 * The panel is rendered by the caller with `tabPanelProps(idPrefix, active)`.
 */
export function Tabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
  idPrefix,
  size = 'md',
}: {
  tabs: readonly TabItem<K>[];
  active: K;
  onChange: (id: K) => void;
  label: string;
  idPrefix: string;
  size?: 'md' | 'sm';
}) {
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === active);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const id = tabs[next]!.id;
    onChange(id);
    refs.current.get(id)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cx(
        'flex gap-1 overflow-x-auto',
        size === 'md' ? 'border-b border-white/10' : 'rounded-full bg-ink-900 p-1',
      )}
    >
      {tabs.map((tab) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) refs.current.set(tab.id, el);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={selected ? 0 : -1}
            data-testid={`${idPrefix}-tab-${tab.id}`}
            onClick={() => onChange(tab.id)}
            className={cx(
              'shrink-0 font-semibold whitespace-nowrap transition-colors',
              size === 'md'
                ? cx(
                    '-mb-px border-b-2 px-4 py-3 text-sm sm:text-base',
                    selected
                      ? 'border-brand-400 text-white'
                      : 'border-transparent text-slate-400 hover:text-white',
                  )
                : cx(
                    'rounded-full px-4 py-1.5 text-sm',
                    selected ? 'bg-brand-500 text-ink-950' : 'text-slate-300 hover:text-white',
                  ),
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/** Props for the element that shows the active tab's content. */
export function tabPanelProps(idPrefix: string, active: string) {
  return {
    role: 'tabpanel',
    id: `${idPrefix}-panel`,
    'aria-labelledby': `${idPrefix}-tab-${active}`,
    tabIndex: 0,
  } as const;
}
