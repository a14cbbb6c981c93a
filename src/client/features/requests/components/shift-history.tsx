/**
 * Who was on duty when (issue 27 item 3, decision 096), on the History screen: today's shifts and hand-overs, newest
 * first. The owner sees everyone's and may end the shift of someone who left (handing their work to a server on
 * duty, or back to the floor); a server sees their own.
 */
import { useId, useState } from 'react';
import { appText } from '@shared/i18n/app';
import type { Handover, Shift } from '@shared/schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { actionFailed, actionSucceeded } from '../../../lib/action-toast';
import { messageFrom } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useForceEndShift, useShiftHistory } from '../api/shifts-api';
import { clockText } from '../lib/console-text';
import { handoverContents } from './shift-control';

export function ShiftHistory({
  restaurantId,
  isOwner,
}: {
  restaurantId: string;
  isOwner: boolean;
}) {
  const i18n = useI18n();
  const headingId = useId();
  const history = useShiftHistory(restaurantId);
  const [ending, setEnding] = useState<Shift | null>(null);
  if (history.isPending) return null;
  if (history.isError)
    return (
      <p className="rounded-card border border-line bg-white p-4 text-sm text-ink-soft">
        {messageFrom(history.error, appText(i18n, 'app.shifts.historyFailed'))}
      </p>
    );
  const { shifts, handovers } = history.data;
  const onDuty = shifts.filter((s) => s.endedAt === null);
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2
        id={headingId}
        className="text-xs font-semibold uppercase tracking-wide text-muted sm:text-sm"
      >
        {appText(i18n, 'app.shifts.historyHeading')}
      </h2>
      {shifts.length === 0 && handovers.length === 0 ? (
        <p className="rounded-card border border-dashed border-line-strong bg-white p-4 text-center text-sm text-body">
          {appText(i18n, 'app.shifts.historyEmpty')}
        </p>
      ) : (
        <ul role="list" className="divide-y divide-line rounded-card border border-line bg-white">
          {handovers.map((h) => (
            <li key={h.id} className="px-4 py-3" data-testid="history-handover">
              <HandoverLine handover={h} />
            </li>
          ))}
          {shifts.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
              <p id={`shift-${s.id}`} className="min-w-0 flex-1 text-sm text-ink">
                <span className="font-semibold">{s.server.name}</span>{' '}
                <span className="text-body">
                  {s.endedAt === null
                    ? appText(i18n, 'app.shifts.onDutySince', {
                        start: clockText(i18n, s.startedAt),
                      })
                    : appText(i18n, 'app.shifts.shiftSpan', {
                        start: clockText(i18n, s.startedAt),
                        end: clockText(i18n, s.endedAt),
                      })}
                  {s.endedBy !== null &&
                    ` · ${appText(i18n, 'app.shifts.endedBy', { name: s.endedBy.name })}`}
                </span>
              </p>
              {s.endedAt === null && (
                <Badge tone="green">{appText(i18n, 'app.shifts.onDutyBadge')}</Badge>
              )}
              {isOwner && s.endedAt === null && (
                <Button
                  variant="secondary"
                  aria-describedby={`shift-${s.id}`}
                  onClick={() => setEnding(s)}
                >
                  {appText(i18n, 'app.shifts.forceEnd')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {isOwner && (
        <ForceEndDialog
          restaurantId={restaurantId}
          shift={ending}
          onDuty={onDuty}
          onClose={() => setEnding(null)}
        />
      )}
    </section>
  );
}

function HandoverLine({ handover }: { handover: Handover }) {
  const i18n = useI18n();
  const tone =
    handover.state === 'accepted' ? 'green' : handover.state === 'offered' ? 'blue' : 'gray';
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <p className="min-w-0 flex-1 text-ink">
        <span className="font-semibold">
          {appText(i18n, 'app.shifts.handoverLine', {
            from: handover.from.name,
            to: handover.to.name,
          })}
        </span>
        <span className="block text-body">
          {clockText(i18n, handover.answeredAt ?? handover.offeredAt)} ·{' '}
          {handoverContents(i18n, handover.tables, handover.requestIds.length)}
          {handover.by !== null &&
            ` · ${appText(i18n, 'app.shifts.byOwner', { name: handover.by.name })}`}
        </span>
      </p>
      <Badge tone={tone}>{appText(i18n, `app.shifts.state.${handover.state}`)}</Badge>
    </div>
  );
}

function ForceEndDialog({
  restaurantId,
  shift,
  onDuty,
  onClose,
}: {
  restaurantId: string;
  shift: Shift | null;
  onDuty: Shift[];
  onClose: () => void;
}) {
  const i18n = useI18n();
  const selectId = useId();
  const forceEnd = useForceEndShift(restaurantId);
  const [to, setTo] = useState('');
  const others = onDuty.filter((s) => s.server.id !== shift?.server.id);
  return (
    <Dialog
      open={shift !== null}
      title={appText(i18n, 'app.shifts.forceEndTitle', { name: shift?.server.name ?? '' })}
      description={appText(i18n, 'app.shifts.forceEndHint')}
      isBusy={forceEnd.isPending}
      onClose={onClose}
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!shift) return;
          forceEnd.mutate(
            { shiftId: shift.id, toServerId: to === '' ? null : to },
            {
              onSuccess: () => {
                onClose();
                actionSucceeded('force-end', appText(i18n, 'app.shifts.forceEnded'));
              },
              onError: (error) =>
                actionFailed('force-end', messageFrom(error, appText(i18n, 'app.shifts.failed'))),
            },
          );
        }}
      >
        <div>
          <label htmlFor={selectId} className="mb-1 block text-sm font-semibold text-ink">
            {appText(i18n, 'app.shifts.handOverTo')}
          </label>
          <select
            id={selectId}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            className="min-h-11 w-full rounded-control border border-line-strong bg-white px-3 text-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            <option value="">{appText(i18n, 'app.shifts.releaseToFloor')}</option>
            {others.map((s) => (
              <option key={s.server.id} value={s.server.id}>
                {s.server.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" type="button" onClick={onClose}>
            {appText(i18n, 'app.shifts.cancel')}
          </Button>
          <Button variant="danger" type="submit" isLoading={forceEnd.isPending}>
            {appText(i18n, 'app.shifts.forceEnd')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
