import { useRef, type KeyboardEvent } from 'react';
import { appText } from '@shared/i18n/app';
import { useI18n } from '../../../lib/i18n';
import { CONSOLE_FILTERS, type ConsoleFilter } from '../lib/console-list';

const LABEL_KEY = {
  mine: 'app.console.filterMine',
  unassigned: 'app.console.filterUnassigned',
  all: 'app.console.filterAll',
} as const satisfies Record<ConsoleFilter, string>;

/**
 * Mine / Unassigned / All with live counts (issue 28, decision 055), as an ARIA tablist (WAI-ARIA APG "Tabs with
 * automatic activation"): one tab stop, arrow keys (mirrored right to left), Home and End move and select, and the
 * list below is the tabpanel each tab controls.
 */
export function ConsoleFilters({
  value,
  counts,
  panelId,
  onChange,
}: {
  value: ConsoleFilter;
  counts: Record<ConsoleFilter, number>;
  panelId: string;
  onChange: (filter: ConsoleFilter) => void;
}) {
  const i18n = useI18n();
  const tabs = useRef(new Map<ConsoleFilter, HTMLButtonElement>());

  function select(filter: ConsoleFilter) {
    onChange(filter);
    tabs.current.get(filter)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = CONSOLE_FILTERS.indexOf(value);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    const last = CONSOLE_FILTERS.length - 1;
    const next =
      step !== undefined
        ? (index + step + CONSOLE_FILTERS.length) % CONSOLE_FILTERS.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? last
            : null;
    if (next === null) return;
    event.preventDefault();
    select(CONSOLE_FILTERS[next]!);
  }

  return (
    <div
      role="tablist"
      aria-label={appText(i18n, 'app.console.filterLabel')}
      onKeyDown={onKeyDown}
      className="grid grid-cols-3 gap-1 rounded-control bg-sunken p-1"
    >
      {CONSOLE_FILTERS.map((filter) => {
        const selected = filter === value;
        return (
          <button
            key={filter}
            ref={(element) => {
              if (element) tabs.current.set(filter, element);
              else tabs.current.delete(filter);
            }}
            type="button"
            role="tab"
            id={`${panelId}-${filter}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => select(filter)}
            className={`flex min-h-10 min-w-0 items-center justify-center gap-1 rounded-[calc(var(--radius-control)-2px)] px-1 text-[0.8125rem] font-semibold sm:gap-1.5 sm:px-2 sm:text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${
              selected ? 'bg-white text-ink shadow-sm' : 'text-body hover:text-ink'
            }`}
          >
            <span className="truncate">{appText(i18n, LABEL_KEY[filter])}</span>
            <span
              className={`min-w-5 shrink-0 rounded-full px-1.5 text-xs leading-5 tabular-nums ${
                selected ? 'bg-brand-700 text-white' : 'bg-line text-ink-soft'
              }`}
            >
              {counts[filter]}
            </span>
          </button>
        );
      })}
    </div>
  );
}
