import { useId, type ReactNode } from 'react';
import { appText } from '@shared/i18n/app';
import { useI18n } from '../../../lib/i18n';

export interface DashboardPanelProps {
  title: string;
  /** A short line beside the title (e.g. 'Live', 'Today'). */
  aside?: ReactNode;
  children: ReactNode;
}

/** A titled card of 'Restaurant Overview' (a labelled region for screen readers). */
export function DashboardPanel({ title, aside, children }: DashboardPanelProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col rounded-card border border-line bg-white shadow-sm"
    >
      <div className="flex items-center justify-between gap-2 border-b border-sunken px-4 py-3 sm:px-5">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {aside}
      </div>
      <div className="flex flex-1 flex-col">{children}</div>
    </section>
  );
}

/** SPEC §2: a panel's empty state. */
export function PanelEmpty({ title, text }: { title: string; text: string }) {
  return (
    <div className="m-4 flex flex-1 flex-col items-center justify-center rounded-control border border-dashed border-line-strong px-4 py-8 text-center">
      <p className="font-semibold text-ink">{title}</p>
      <p className="mt-1 text-sm text-body">{text}</p>
    </div>
  );
}

/** 'Live': the panel follows events as they happen. */
export function LiveBadge() {
  const i18n = useI18n();
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-success-50 px-2 py-0.5 text-xs font-medium text-success-800">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-success-500" />
      {appText(i18n, 'app.dashboard.live')}
    </span>
  );
}
