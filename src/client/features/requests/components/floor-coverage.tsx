/**
 * Decision 077, on the console: the tables this server holds (their own and, through a section, those with no
 * server of their own) and the uncovered tables, whose calls go to every server. Hidden while the restaurant has no
 * tables; live table events keep it current.
 */
import { useId } from 'react';
import { appTableLabel, appText } from '@shared/i18n/app';
import { sortTables } from '@shared/table-label';
import type { Table } from '@shared/schemas';
import { useI18n } from '../../../lib/i18n';
import { useTables } from '../../../lib/floor-api';

export function FloorCoverage({
  restaurantId,
  userId,
}: {
  restaurantId: string | null;
  /** The signed-in server; null for the owner, who is shown the uncovered tables only. */
  userId: string | null;
}) {
  const i18n = useI18n();
  const headingId = useId();
  const tables = useTables(restaurantId);
  const all = sortTables(tables.data ?? []);
  if (all.length === 0) return null;
  const label = (table: Table) =>
    table.serverId === null && table.sectionName !== null
      ? appText(i18n, 'app.console.coverage.viaSection', {
          table: appTableLabel(i18n, table.number),
          section: table.sectionName,
        })
      : appTableLabel(i18n, table.number);
  const mine =
    userId === null
      ? []
      : all.filter(
          (t) =>
            t.serverId === userId || (t.serverId === null && t.sectionServerIds.includes(userId)),
        );
  const uncovered = all.filter((t) => t.serverId === null && t.sectionServerIds.length === 0);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card border border-line bg-white px-3 py-1.5 text-sm"
    >
      <h2 id={headingId} className="sr-only">
        {appText(i18n, 'app.console.coverage.heading')}
      </h2>
      {/* One line each, cut with an ellipsis: on a phone the calls below must stay in view (issue 28's six rows);
          the full lists are in the text for screen readers and on the Tables screen. */}
      <dl className="space-y-0.5">
        {userId !== null && (
          <div className="flex gap-x-2">
            <dt className="shrink-0 font-semibold text-ink">
              {appText(i18n, 'app.console.coverage.mine')}
            </dt>
            <dd className="min-w-0 truncate text-body" data-testid="coverage-mine">
              {mine.length === 0
                ? appText(i18n, 'app.console.coverage.none')
                : mine.map(label).join(', ')}
            </dd>
          </div>
        )}
        <div className="flex gap-x-2">
          <dt className="shrink-0 font-semibold text-ink">
            {appText(i18n, 'app.console.coverage.uncovered', { count: uncovered.length })}
          </dt>
          <dd className="min-w-0 truncate text-body" data-testid="coverage-uncovered">
            {uncovered.length === 0
              ? appText(i18n, 'app.console.coverage.allCovered')
              : uncovered.map(label).join(', ')}
          </dd>
        </div>
      </dl>
    </section>
  );
}
