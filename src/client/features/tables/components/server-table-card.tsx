import { useId } from 'react';
import type { Table } from '../../../../shared/schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';

export interface ServerTableCardProps {
  table: Table;
  /** 'assigned': one of my tables; 'available': a table with no server. */
  kind: 'assigned' | 'available';
  isBusy: boolean;
  onAction: (table: Table) => void;
}

/**
 * SPEC §2 /server/tables cards. The card is an <article> named 'Table {number}', and its button keeps the
 * exact visible text ('Unassign' / 'Assign to Me') as its name, described by the table it acts on.
 */
export function ServerTableCard({ table, kind, isBusy, onAction }: ServerTableCardProps) {
  const titleId = useId();
  const assigned = kind === 'assigned';
  return (
    <article
      aria-labelledby={titleId}
      className={`flex h-full flex-col gap-4 rounded-xl border bg-white p-4 shadow-sm ${
        assigned ? 'border-green-200' : 'border-slate-200'
      }`}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id={titleId} className="text-lg font-semibold text-slate-900">
            Table {table.number}
          </h3>
          {assigned && (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-green-800">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                <path
                  fillRule="evenodd"
                  d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
                  clipRule="evenodd"
                />
              </svg>
              Assigned
            </p>
          )}
        </div>
        {assigned ? <Badge tone="green">Active</Badge> : <Badge tone="gray">Unassigned</Badge>}
      </div>
      <Button
        variant={assigned ? 'secondary' : 'primary'}
        size="lg"
        fullWidth
        className="mt-auto"
        aria-describedby={titleId}
        isLoading={isBusy}
        onClick={() => onAction(table)}
      >
        {assigned ? 'Unassign' : 'Assign to Me'}
      </Button>
    </article>
  );
}
