import type { ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  /** A short line under the figure (what it counts). */
  hint: string;
  /** Draws the eye (guests are waiting): a warm accent on the card. */
  highlight?: boolean;
}

/** One figure of 'Restaurant Overview'; a term/definition pair inside the overview's <dl>. */
export function StatCard({ label, value, icon, hint, highlight = false }: StatCardProps) {
  return (
    // dl > div > dt + dd exactly: the icon lives inside the term (hidden from assistive technology), so the pair
    // stays valid for screen readers (axe definition-list / dlitem).
    <div
      className={`flex min-w-0 flex-col gap-2 rounded-card border p-3 shadow-sm sm:gap-3 sm:p-4 ${
        highlight ? 'border-warning-300 bg-warning-50' : 'border-line bg-white'
      }`}
    >
      <dt className="flex items-start justify-between gap-2 text-sm font-medium text-body">
        <span>{label}</span>
        <span
          aria-hidden="true"
          className={`hidden size-9 shrink-0 items-center justify-center rounded-control sm:inline-flex ${
            highlight ? 'bg-warning-100 text-warning-800' : 'bg-brand-50 text-brand-700'
          }`}
        >
          {icon}
        </span>
      </dt>
      <dd className="flex flex-col gap-1">
        <span className="text-2xl font-bold tabular-nums text-ink sm:text-3xl">{value}</span>
        <span className="text-xs text-muted">{hint}</span>
      </dd>
    </div>
  );
}

const ICON_PROPS = {
  viewBox: '0 0 24 24',
  className: 'size-5',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
};

export const STAT_ICONS = {
  tables: (
    <svg {...ICON_PROPS}>
      <path d="M3 10h18M5 10v9M19 10v9M7 6h10l2 4H5l2-4Z" />
    </svg>
  ),
  servers: (
    <svg {...ICON_PROPS}>
      <circle cx="9" cy="8" r="3" />
      <path d="M3 20a6 6 0 0 1 12 0M16 5a3 3 0 0 1 0 6M21 20a6 6 0 0 0-4-5.6" />
    </svg>
  ),
  requests: (
    <svg {...ICON_PROPS}>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0" />
    </svg>
  ),
  hourglass: (
    <svg {...ICON_PROPS}>
      <path d="M5 22h14M5 2h14M17 22v-4.2a2 2 0 0 0-.6-1.4L12 12l-4.4 4.4a2 2 0 0 0-.6 1.4V22M7 2v4.2a2 2 0 0 0 .6 1.4L12 12l4.4-4.4a2 2 0 0 0 .6-1.4V2" />
    </svg>
  ),
  clock: (
    <svg {...ICON_PROPS}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  ),
};
