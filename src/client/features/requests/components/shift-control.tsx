/**
 * The console's shift control (issue 27 item 3, decisions 094, 095): start a shift (picking sections), end it — the
 * refusal says inline what the server still holds and offers "Hand over to…" a colleague on duty —, the offer
 * waiting for the colleague, and the offers made to this server, to accept or decline. Live `shift.changed` events
 * keep it current on every console.
 */
import { useId, useState } from 'react';
import { appTableLabel, appText } from '@shared/i18n/app';
import type { Handover, ShiftState } from '@shared/schemas';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { actionFailed, actionSucceeded } from '../../../lib/action-toast';
import { ApiRequestError, messageFrom } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import type { I18n } from '@shared/i18n/i18n';
import {
  useAnswerHandover,
  useEndShift,
  useOfferHandover,
  useShiftState,
  useStartShift,
} from '../api/shifts-api';
import { clockText } from '../lib/console-text';

/** "Tables 3, 4 and 1 open request" as the hand-over carries them. */
export function handoverContents(
  i18n: I18n,
  tables: { number: string }[],
  requests: number,
): string {
  return appText(i18n, 'app.shifts.contents', {
    tables: tables.map((t) => appTableLabel(i18n, t.number)).join(', '),
    tableCount: tables.length,
    requestCount: requests,
  });
}

export function ShiftControl({ restaurantId }: { restaurantId: string }) {
  const i18n = useI18n();
  const shift = useShiftState(restaurantId);
  const state = shift.data;
  if (!state) return null;
  return (
    <div className="space-y-2">
      {state.incoming.map((offer) => (
        <IncomingOffer key={offer.id} restaurantId={restaurantId} offer={offer} />
      ))}
      <section
        aria-label={appText(i18n, 'app.shifts.heading')}
        className="rounded-card border border-line bg-white px-3 py-2"
      >
        {state.myShift === null ? (
          <OffDuty restaurantId={restaurantId} state={state} />
        ) : (
          <OnDuty restaurantId={restaurantId} state={state} />
        )}
      </section>
    </div>
  );
}

function OffDuty({ restaurantId, state }: { restaurantId: string; state: ShiftState }) {
  const i18n = useI18n();
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const start = useStartShift(restaurantId);
  const begin = (sectionIds: string[]) =>
    start.mutate(sectionIds, {
      onSuccess: () => {
        setPicking(false);
        actionSucceeded('shift', appText(i18n, 'app.shifts.started'));
      },
      onError: (error) =>
        actionFailed('shift', messageFrom(error, appText(i18n, 'app.shifts.failed'))),
    });
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <p className="min-w-0 flex-1 text-sm">
        <span className="font-semibold text-ink">{appText(i18n, 'app.shifts.offDuty')}</span>
        <span className="block text-body">{appText(i18n, 'app.shifts.offDutyHint')}</span>
      </p>
      <Button
        onClick={() => (state.sections.length === 0 ? begin([]) : setPicking(true))}
        isLoading={start.isPending && !picking}
      >
        {appText(i18n, 'app.shifts.start')}
      </Button>
      <Dialog
        open={picking}
        title={appText(i18n, 'app.shifts.startTitle')}
        description={appText(i18n, 'app.shifts.startHint')}
        isBusy={start.isPending}
        onClose={() => setPicking(false)}
      >
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            begin(picked);
          }}
        >
          <fieldset className="space-y-1">
            <legend className="mb-1 text-sm font-semibold text-ink">
              {appText(i18n, 'app.shifts.sections')}
            </legend>
            {state.sections.map((section) => (
              <label
                key={section.id}
                className="flex min-h-11 items-center gap-3 rounded-control px-2 text-ink hover:bg-canvas"
              >
                <input
                  type="checkbox"
                  className="size-5 accent-brand-700"
                  checked={picked.includes(section.id)}
                  onChange={(event) =>
                    setPicked((now) =>
                      event.target.checked
                        ? [...now, section.id]
                        : now.filter((id) => id !== section.id),
                    )
                  }
                />
                <span dir="auto">{section.name}</span>
              </label>
            ))}
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" type="button" onClick={() => setPicking(false)}>
              {appText(i18n, 'app.shifts.cancel')}
            </Button>
            <Button type="submit" isLoading={start.isPending}>
              {appText(i18n, 'app.shifts.start')}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}

function OnDuty({ restaurantId, state }: { restaurantId: string; state: ShiftState }) {
  const i18n = useI18n();
  const refusalId = useId();
  const selectId = useId();
  const end = useEndShift(restaurantId);
  const offer = useOfferHandover(restaurantId);
  const answer = useAnswerHandover(restaurantId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const colleagues = state.onDuty.filter((s) => s.server.id !== state.myShift?.server.id);
  const [to, setTo] = useState('');
  const chosen = colleagues.some((c) => c.server.id === to) ? to : (colleagues[0]?.server.id ?? '');
  const outgoing = state.outgoing;
  const myShift = state.myShift!;

  const tryEnd = () =>
    end.mutate(undefined, {
      onSuccess: () => {
        setRefusal(null);
        actionSucceeded('shift', appText(i18n, 'app.shifts.ended'));
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.code === 'shift_holds_work')
          setRefusal(error.message);
        else actionFailed('shift', messageFrom(error, appText(i18n, 'app.shifts.failed')));
      },
    });

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="min-w-0 flex-1 text-sm">
          <span className="font-semibold text-success-800">
            {appText(i18n, 'app.shifts.onDuty', { time: clockText(i18n, myShift.startedAt) })}
          </span>
          <span className="block text-body" data-testid="shift-holding">
            {handoverContents(i18n, state.holding.tables, state.holding.openRequests)}
          </span>
        </p>
        {outgoing === null && (
          <Button
            variant="secondary"
            onClick={tryEnd}
            isLoading={end.isPending}
            aria-describedby={refusal ? refusalId : undefined}
          >
            {appText(i18n, 'app.shifts.end')}
          </Button>
        )}
      </div>
      {outgoing !== null ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-control border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-ink"
        >
          <p className="min-w-0 flex-1">
            {appText(i18n, 'app.shifts.waitingFor', { name: outgoing.to.name })}
          </p>
          <Button
            variant="secondary"
            isLoading={answer.isPending}
            onClick={() =>
              answer.mutate(
                { handoverId: outgoing.id, how: 'cancel' },
                {
                  onError: (error) =>
                    actionFailed('shift', messageFrom(error, appText(i18n, 'app.shifts.failed'))),
                },
              )
            }
          >
            {appText(i18n, 'app.shifts.cancelOffer')}
          </Button>
        </div>
      ) : (
        refusal !== null && (
          <div className="space-y-2 rounded-control border border-warning-300 bg-warning-50 px-3 py-2 text-sm text-warning-950">
            <p id={refusalId} role="alert">
              {refusal}
            </p>
            {colleagues.length === 0 ? (
              <p>{appText(i18n, 'app.shifts.nobodyOnDuty')}</p>
            ) : (
              <form
                className="flex flex-wrap items-end gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  offer.mutate(chosen, {
                    onSuccess: () => setRefusal(null),
                    onError: (error) =>
                      actionFailed('shift', messageFrom(error, appText(i18n, 'app.shifts.failed'))),
                  });
                }}
              >
                <div className="min-w-0 flex-1">
                  <label htmlFor={selectId} className="mb-1 block font-semibold">
                    {appText(i18n, 'app.shifts.handOverTo')}
                  </label>
                  <select
                    id={selectId}
                    value={chosen}
                    onChange={(event) => setTo(event.target.value)}
                    className="min-h-11 w-full rounded-control border border-line-strong bg-white px-3 text-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                  >
                    {colleagues.map((c) => (
                      <option key={c.server.id} value={c.server.id}>
                        {c.server.name}
                      </option>
                    ))}
                  </select>
                </div>
                <Button type="submit" isLoading={offer.isPending}>
                  {appText(i18n, 'app.shifts.offer')}
                </Button>
              </form>
            )}
          </div>
        )
      )}
    </div>
  );
}

function IncomingOffer({ restaurantId, offer }: { restaurantId: string; offer: Handover }) {
  const i18n = useI18n();
  const textId = useId();
  const answer = useAnswerHandover(restaurantId);
  const [how, setHow] = useState<'accept' | 'decline' | null>(null);
  const respond = (next: 'accept' | 'decline') => {
    setHow(next);
    answer.mutate(
      { handoverId: offer.id, how: next },
      {
        onSuccess: () =>
          actionSucceeded(
            'handover',
            appText(i18n, next === 'accept' ? 'app.shifts.accepted' : 'app.shifts.declined'),
          ),
        onError: (error) =>
          actionFailed('handover', messageFrom(error, appText(i18n, 'app.shifts.failed'))),
      },
    );
  };
  return (
    <section
      aria-labelledby={textId}
      data-testid="handover-offer"
      className="flex flex-col gap-2 rounded-card border border-s-4 border-brand-300 border-s-brand-600 bg-brand-50 px-3 py-2 sm:flex-row sm:items-center sm:gap-3"
    >
      <p id={textId} className="min-w-0 flex-1 text-sm text-ink">
        <strong className="font-semibold">
          {appText(i18n, 'app.shifts.offerFrom', { name: offer.from.name })}
        </strong>
        <span className="block text-body">
          {handoverContents(i18n, offer.tables, offer.requestIds.length)}
        </span>
      </p>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Button
          variant="secondary"
          aria-describedby={textId}
          isLoading={answer.isPending && how === 'decline'}
          disabled={answer.isPending}
          onClick={() => respond('decline')}
        >
          {appText(i18n, 'app.shifts.decline')}
        </Button>
        <Button
          aria-describedby={textId}
          isLoading={answer.isPending && how === 'accept'}
          disabled={answer.isPending}
          onClick={() => respond('accept')}
        >
          {appText(i18n, 'app.shifts.accept')}
        </Button>
      </div>
    </section>
  );
}
