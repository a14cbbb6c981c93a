/**
 * A party's visit on a table card (decisions 092, 093): whether the table is seated and for how long, and the one
 * action a server needs next — Seat a free table, Clear table when the party left. Clearing dismisses what the party
 * left open, so a table with waiting requests asks first; a free table's Seat and a quiet table's Clear act at once.
 */
import { useState } from 'react';
import { appTableLabel, appText } from '@shared/i18n/app';
import type { Table } from '@shared/schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { actionFailed, actionSucceeded } from '../../../lib/action-toast';
import { messageFrom } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { elapsedText } from '../../../lib/request-text';
import { useNow } from '../../../lib/use-now';
import { useVisitAction } from '../api/tables-api';

export function VisitControl({
  table,
  pendingCount,
  describedBy,
}: {
  table: Table;
  /** Requests of the table nobody has taken yet: clearing dismisses them, so it asks first. */
  pendingCount: number;
  describedBy: string;
}) {
  const i18n = useI18n();
  const now = useNow(30_000);
  const visit = useVisitAction(table.restaurantId);
  const [confirming, setConfirming] = useState(false);
  const seated = table.seatedAt !== null;
  const label = appTableLabel(i18n, table.number);

  const run = (action: 'seat' | 'clear') =>
    visit.mutate(
      { tableId: table.id, action },
      {
        onSuccess: () => {
          setConfirming(false);
          actionSucceeded(
            `visit-${table.id}`,
            appText(
              i18n,
              action === 'seat' ? 'app.visits.seatedToast' : 'app.visits.clearedToast',
              {
                table: label,
              },
            ),
          );
        },
        onError: (error) => {
          setConfirming(false);
          actionFailed(`visit-${table.id}`, messageFrom(error, appText(i18n, 'app.visits.failed')));
        },
      },
    );

  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3">
      <p className="flex items-center gap-1.5 text-sm" data-testid="visit-state">
        <span
          aria-hidden="true"
          className={`inline-block size-2.5 rounded-full ${seated ? 'bg-brand-600' : 'bg-line-strong'}`}
        />
        {seated ? (
          <span className="font-medium text-ink">
            {appText(i18n, 'app.visits.seatedFor', {
              time: elapsedText(i18n, now - (table.seatedAt ?? now)),
            })}
          </span>
        ) : (
          <span className="text-muted">{appText(i18n, 'app.visits.free')}</span>
        )}
      </p>
      <Button
        variant="secondary"
        aria-describedby={describedBy}
        isLoading={visit.isPending}
        onClick={() => {
          if (!seated && pendingCount === 0) run('seat');
          else if (pendingCount > 0) setConfirming(true);
          else run('clear');
        }}
      >
        {appText(i18n, seated || pendingCount > 0 ? 'app.visits.clear' : 'app.visits.seat')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={appText(i18n, 'app.visits.clearTitle', { table: label })}
        message={appText(i18n, 'app.visits.clearConfirm', { count: pendingCount })}
        confirmLabel={appText(i18n, 'app.visits.clear')}
        isPending={visit.isPending}
        onConfirm={() => run('clear')}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
