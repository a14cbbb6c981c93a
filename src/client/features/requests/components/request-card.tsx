import { useId } from 'react';
import type { ServiceRequest } from '@shared/schemas';
import { appText } from '@shared/i18n/app';
import { Badge } from '../../../components/ui/badge';
import { RequestTypeIcon, requestTypeTone } from '../../../components/ui/request-type-icon';
import { useTypeNames } from '../../../lib/type-names';
import { useI18n } from '../../../lib/i18n';
import { aroundSlot, relativeText, tableText, typeText } from '../lib/console-text';

/** A completed request: 'Completed {relative time}' from its update time and a 'Completed' badge (SPEC §2). */
export function CompletedRequestCard({ request, now }: { request: ServiceRequest; now: number }) {
  const i18n = useI18n();
  const names = useTypeNames();
  const [before, after] = aroundSlot((time) => appText(i18n, 'app.console.completedAgo', { time }));
  const titleId = useId();
  const tableId = useId();
  return (
    <article
      aria-labelledby={`${titleId} ${tableId}`}
      data-request-id={request.id}
      className="flex items-start justify-between gap-3 rounded-card border border-line bg-white p-4"
    >
      <span
        className={`flex size-9 shrink-0 items-center justify-center rounded-control ${requestTypeTone(request.type).tile}`}
      >
        <RequestTypeIcon
          type={request.type}
          requestTypes={names?.requestTypes}
          className="size-5"
        />
      </span>
      <div className="min-w-0 flex-1">
        <h3 id={titleId} className="font-medium text-ink-soft">
          {typeText(i18n, request.type, names)}
        </h3>
        <p id={tableId} className="text-sm font-semibold text-ink-soft">
          {tableText(i18n, request)}
        </p>
        <p className="mt-0.5 text-sm text-body">
          {before}
          <time dateTime={new Date(request.updatedAt).toISOString()}>
            {relativeText(i18n, request.updatedAt, now)}
          </time>
          {after}
        </p>
      </div>
      <Badge tone="green">{appText(i18n, 'app.console.completed')}</Badge>
    </article>
  );
}
