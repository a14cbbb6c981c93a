import { useId } from 'react';
import { appTableLabel, appText } from '@shared/i18n/app';
import type { Table } from '@shared/schemas';
import { Badge } from '../../../components/ui/badge';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';
import { TableNoteEditor } from './table-note-editor';
import { VisitControl } from './visit-control';

export interface ServerTableCardProps {
  table: Table;
  /**
   * 'assigned': one of my tables; 'section': mine through my section (decision 077), no server of its own;
   * 'available': a table nobody covers.
   */
  kind: 'assigned' | 'section' | 'available';
  /** Requests of this table nobody has taken yet (issue 12). */
  pendingCount: number;
  isBusy: boolean;
  onAction: (table: Table) => void;
}

/**
 * SPEC §2 /server/tables cards. The card is an <article> named 'Table {number}', and its button keeps the
 * exact visible text ('Unassign' / 'Assign to Me') as its name, described by the table it acts on.
 */
export function ServerTableCard({
  table,
  kind,
  pendingCount,
  isBusy,
  onAction,
}: ServerTableCardProps) {
  const i18n = useI18n();
  const titleId = useId();
  const assigned = kind === 'assigned';
  return (
    <article
      aria-labelledby={titleId}
      className={`flex h-full flex-col gap-4 rounded-card border bg-white p-4 shadow-sm ${
        assigned || kind === 'section' ? 'border-success-200' : 'border-line'
      }`}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id={titleId} className="text-lg font-semibold text-ink">
            {appTableLabel(i18n, table.number)}
          </h3>
          {kind === 'section' && table.sectionName !== null && (
            <p className="mt-1 text-sm text-success-800">
              {appText(i18n, 'app.admin.sections.throughSection', { section: table.sectionName })}
            </p>
          )}
          {assigned && (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-success-800">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                <path
                  fillRule="evenodd"
                  d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
                  clipRule="evenodd"
                />
              </svg>
              {appText(i18n, 'app.admin.tables.assignedMark')}
            </p>
          )}
        </div>
        <div className="flex flex-col items-end gap-1.5">
          {assigned || kind === 'section' ? (
            <Badge tone="green">{appText(i18n, 'app.admin.tables.active')}</Badge>
          ) : (
            <Badge tone="gray">{appText(i18n, 'app.admin.tables.unassigned')}</Badge>
          )}
          {pendingCount > 0 && (
            <Link
              to={paths.serverRequests}
              className="inline-flex min-h-6 items-center gap-1 rounded-full bg-danger-700 px-2.5 text-xs font-bold text-white hover:bg-danger-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-danger-600 focus-visible:ring-offset-2"
            >
              {appText(i18n, 'app.admin.tables.pending', { count: pendingCount })}
            </Link>
          )}
        </div>
      </div>
      {assigned && <TableNoteEditor table={table} describedBy={titleId} />}
      <VisitControl table={table} pendingCount={pendingCount} describedBy={titleId} />
      <Button
        variant={kind === 'available' ? 'primary' : 'secondary'}
        size="lg"
        fullWidth
        className="mt-auto"
        aria-describedby={titleId}
        isLoading={isBusy}
        onClick={() => onAction(table)}
      >
        {appText(i18n, assigned ? 'app.admin.tables.unassign' : 'app.admin.tables.assignToMe')}
      </Button>
    </article>
  );
}
