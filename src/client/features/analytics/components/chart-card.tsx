import { useId, useState, type ReactNode } from 'react';
import { appText } from '@shared/i18n/app';
import { useI18n } from '../../../lib/i18n';
import type { TableData } from '../lib/csv';
import { CsvButton, DataTable } from './data-table';

const TOGGLE =
  'min-h-9 rounded-chip px-3 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

/**
 * A chart with its accessible twin: a "Table" view shows the same figures as a real <table>, and "CSV" downloads
 * them. The chart itself is a picture for sighted users (its summary is its label); the table is the source.
 */
export function ChartCard({
  title,
  description,
  summary,
  chart,
  table,
  fileName,
  legend,
}: {
  title: string;
  description: string;
  /** One sentence read for the chart image. */
  summary: string;
  chart: ReactNode;
  table: TableData;
  fileName: string;
  legend?: ReactNode;
}) {
  const i18n = useI18n();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-card border border-line bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-ink">
            {title}
          </h2>
          <p className="text-sm text-muted">{description}</p>
        </div>
        <div className="flex items-center gap-2">
          <div
            role="group"
            aria-label={appText(i18n, 'app.settings.analytics.view', { title })}
            className="flex rounded-control bg-sunken p-0.5"
          >
            {(['chart', 'table'] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={view === option}
                onClick={() => setView(option)}
                className={`${TOGGLE} ${
                  view === option ? 'bg-white text-ink shadow-sm' : 'text-muted hover:text-ink'
                }`}
              >
                {appText(
                  i18n,
                  option === 'chart'
                    ? 'app.settings.analytics.chart'
                    : 'app.settings.analytics.table',
                )}
              </button>
            ))}
          </div>
          <CsvButton table={table} fileName={fileName} label={title} />
        </div>
      </div>
      {view === 'chart' ? (
        <figure className="m-0">
          <div role="img" aria-label={summary} className="h-60 w-full sm:h-72">
            {chart}
          </div>
          {legend && <figcaption className="mt-2">{legend}</figcaption>}
        </figure>
      ) : (
        <DataTable caption={title} table={table} captionHidden />
      )}
    </section>
  );
}
