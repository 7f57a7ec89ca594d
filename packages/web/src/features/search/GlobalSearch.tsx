import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH, TIMING, displayImageUrl, shortenAddress } from '@aiamarket/shared';
import { accountPath, assetLink, collectionPath } from '../../components/nft/links';
import { cx } from '../../lib/cx';
import { useLocaleFormat } from '../../lib/localeFormat';
import { useDebouncedValue } from '../../lib/useDebounce';
import { fetchSearch } from './api';
import { Icon } from '../../components/icons';

interface ResultOption {
  key: string;
  group: 'collections' | 'items' | 'accounts';
  label: string;
  detail: string;
  imageUrl: string | null;
  go: () => void;
}

/**
 * The top bar's search (spec section 2): from 3 characters, 200 ms after typing stops, results
 * grouped as collections, items and accounts. A combobox: arrows move through the results,
 * Enter opens one, Escape closes. Below 1440 px it folds into a button that opens a full-width box.
 */
export function GlobalSearch() {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const navigate = useNavigate();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const keyword = useDebouncedValue(text.trim(), TIMING.searchDebounceMs);
  const enabled = keyword.length >= SEARCH_MIN_LENGTH;
  const query = useQuery({
    queryKey: ['search', keyword],
    queryFn: ({ signal }) => fetchSearch(keyword, signal),
    enabled,
    staleTime: 60_000,
  });

  const close = () => {
    setOpen(false);
    setPhoneOpen(false);
    setActive(-1);
  };
  const finish = (go: () => void) => {
    go();
    setText('');
    close();
    inputRef.current?.blur();
  };

  const data = enabled ? query.data : undefined;
  const options: ResultOption[] = [
    ...(data?.collectionList ?? []).map((c) => ({
      key: `c-${c.id}`,
      group: 'collections' as const,
      label: c.name,
      detail: t('search.itemCount', { count: c.nftSum, n: fmt.count(c.nftSum) }),
      imageUrl: c.headUrl,
      go: () => void navigate(collectionPath(c.linkCollection)),
    })),
    ...(data?.nftList ?? []).map((n) => {
      const link = assetLink(n.tokenId, n.contractAddr);
      return {
        key: `n-${n.contractAddr}-${n.tokenId}`,
        group: 'items' as const,
        label: n.name?.trim() || `#${n.tokenId}`,
        detail: `#${n.tokenId}`,
        imageUrl: n.imageUrl,
        go: () => void navigate(link.to, { state: link.state }),
      };
    }),
    ...(data?.userList ?? []).map((u) => ({
      key: `u-${u.userAddr}`,
      group: 'accounts' as const,
      label: u.username?.trim() || shortenAddress(u.userAddr),
      detail: shortenAddress(u.userAddr),
      imageUrl: u.imageUrl,
      go: () => void navigate(accountPath(u.userAddr)),
    })),
  ];
  const groups = (['collections', 'items', 'accounts'] as const)
    .map((group) => ({ group, options: options.filter((o) => o.group === group) }))
    .filter((g) => g.options.length > 0);
  const showPanel = open && text.trim().length > 0;
  const listId = `${id}-results`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length + (i < 0 && step < 0 ? 1 : 0)) % options.length);
    } else if (e.key === 'Enter') {
      const chosen = options[active];
      if (chosen) {
        e.preventDefault();
        finish(chosen.go);
      }
    } else if (e.key === 'Escape') {
      e.stopPropagation();
      if (showPanel) close();
      else setText('');
    }
  };

  let status: string | null = null;
  if (text.trim().length > 0 && text.trim().length < SEARCH_MIN_LENGTH) {
    status = t('search.minLength', { n: SEARCH_MIN_LENGTH });
  } else if (enabled && query.isFetching && !data) status = t('search.searching');
  else if (enabled && query.isError) status = t('search.failed');
  else if (enabled && data && options.length === 0) status = t('search.noResults');

  return (
    <div
      className="shrink-0 min-[90rem]:max-w-72 min-[90rem]:min-w-40 min-[90rem]:flex-1 min-[90rem]:shrink"
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) close();
      }}
    >
      <button
        type="button"
        data-testid="search-open"
        aria-label={t('search.label')}
        aria-expanded={phoneOpen}
        onClick={() => {
          setPhoneOpen(true);
          requestAnimationFrame(() => inputRef.current?.focus());
        }}
        className="inline-flex size-10 items-center justify-center rounded-full text-slate-200 hover:bg-white/10 min-[90rem]:hidden"
      >
        <SearchIcon />
      </button>
      <div
        role="search"
        className={cx(
          'min-[90rem]:relative min-[90rem]:block',
          phoneOpen
            ? 'absolute inset-x-0 top-16 block border-b border-white/10 bg-ink-950 p-3'
            : 'hidden',
        )}
      >
        <label htmlFor={`${id}-input`} className="sr-only">
          {t('search.label')}
        </label>
        <div className="relative">
          <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400">
            <SearchIcon />
          </span>
          <input
            ref={inputRef}
            id={`${id}-input`}
            type="search"
            role="combobox"
            data-testid="global-search"
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            aria-expanded={showPanel}
            aria-controls={listId}
            aria-activedescendant={showPanel && active >= 0 ? optionId(active) : undefined}
            placeholder={t('search.placeholder')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={onKeyDown}
            className="h-10 w-full rounded-full border border-white/15 bg-ink-900/80 pr-3 pl-10 text-sm text-white placeholder:text-slate-500 focus:border-brand-400"
          />
        </div>
        <div
          data-testid="search-panel"
          className={cx(
            'absolute inset-x-3 top-full z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-2xl border border-white/10 bg-ink-900 p-2 shadow-2xl shadow-black/50 xl:inset-x-0',
            !showPanel && 'hidden',
          )}
        >
          {status && (
            <p
              role="status"
              data-testid="search-status"
              className="px-3 py-2 text-sm text-slate-400"
            >
              {status}
            </p>
          )}
          <ul id={listId} role="listbox" aria-label={t('search.results')}>
            {groups.map(({ group, options: groupOptions }) => (
              <li key={group} role="presentation">
                <p
                  id={`${id}-${group}`}
                  aria-hidden
                  className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase"
                >
                  {t(`search.groups.${group}`)}
                </p>
                <ul
                  role="group"
                  aria-labelledby={`${id}-${group}`}
                  data-testid={`search-group-${group}`}
                >
                  {groupOptions.map((o) => {
                    const index = options.indexOf(o);
                    return (
                      <li
                        key={o.key}
                        id={optionId(index)}
                        role="option"
                        aria-selected={index === active}
                        data-testid="search-option"
                        onMouseDown={(e) => e.preventDefault()}
                        onMouseEnter={() => setActive(index)}
                        onClick={() => finish(o.go)}
                        className={cx(
                          'flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2',
                          index === active ? 'bg-white/10' : 'hover:bg-white/5',
                        )}
                      >
                        {o.imageUrl ? (
                          <img
                            src={displayImageUrl(o.imageUrl)}
                            alt=""
                            width={32}
                            height={32}
                            loading="lazy"
                            className={cx(
                              'size-8 shrink-0 object-cover',
                              group === 'items' ? 'rounded-md' : 'rounded-full',
                            )}
                          />
                        ) : (
                          <span aria-hidden className="size-8 shrink-0 rounded-full bg-white/10" />
                        )}
                        <span className="min-w-0 flex-1">
                          <span className="block truncate text-sm text-white">{o.label}</span>
                          <span className="block truncate text-xs text-slate-400">{o.detail}</span>
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}

function SearchIcon() {
  return (
    <Icon width={18} height={18} strokeWidth={2}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </Icon>
  );
}
