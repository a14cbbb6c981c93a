import { useId } from 'react';
import type { ServiceRequest } from '../../../../shared/schemas';
import { requestTypeTitle } from '../../../../shared/rules';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatRelative } from '../../../lib/format-relative';
import { tableLabel } from '../lib/table-label';

export interface PendingRequestCardProps {
  request: ServiceRequest;
  now: number;
  isCompleting: boolean;
  onComplete: (request: ServiceRequest) => void;
}

/** A pending request: type title, table, time since creation and a 'Complete' button (SPEC §2). */
export function PendingRequestCard({
  request,
  now,
  isCompleting,
  onComplete,
}: PendingRequestCardProps) {
  const titleId = useId();
  const tableId = useId();
  return (
    <article
      aria-labelledby={`${titleId} ${tableId}`}
      className={`flex flex-col gap-4 rounded-xl border bg-white p-4 shadow-sm sm:flex-row sm:items-center ${
        request.overdue ? 'border-red-300 ring-1 ring-red-200' : 'border-slate-200'
      }`}
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="text-base font-semibold text-slate-900">
            {requestTypeTitle(request.type)}
          </h3>
          {request.overdue && <Badge tone="red">Overdue</Badge>}
        </div>
        <p id={tableId} className="mt-1 text-lg font-bold text-slate-900">
          {tableLabel(request)}
        </p>
        <p className="mt-0.5 text-sm text-slate-700">
          <time dateTime={new Date(request.createdAt).toISOString()}>
            {formatRelative(request.createdAt, now)}
          </time>
        </p>
      </div>
      <Button
        size="lg"
        className="w-full sm:w-auto sm:min-w-32"
        aria-describedby={`${titleId} ${tableId}`}
        isLoading={isCompleting}
        onClick={() => onComplete(request)}
      >
        Complete
      </Button>
    </article>
  );
}

/** A completed request: 'Completed {relative time}' from its update time and a 'Completed' badge (SPEC §2). */
export function CompletedRequestCard({ request, now }: { request: ServiceRequest; now: number }) {
  const titleId = useId();
  const tableId = useId();
  return (
    <article
      aria-labelledby={`${titleId} ${tableId}`}
      className="flex items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="min-w-0">
        <h3 id={titleId} className="font-medium text-slate-800">
          {requestTypeTitle(request.type)}
        </h3>
        <p id={tableId} className="text-sm font-semibold text-slate-800">
          {tableLabel(request)}
        </p>
        <p className="mt-0.5 text-sm text-slate-700">
          Completed{' '}
          <time dateTime={new Date(request.updatedAt).toISOString()}>
            {formatRelative(request.updatedAt, now)}
          </time>
        </p>
      </div>
      <Badge tone="green">Completed</Badge>
    </article>
  );
}
