/**
 * Settings → Calls from tables (issue 27 item 5, decisions 088, 089, 101): the opening hours (open all day, or up to
 * three periods per weekday in the restaurant's time zone, the last past midnight if need be), the restaurant's press budget, and the phones a
 * prank dismissal paused, each lifted early with one button. The server enforces every rule; this form only says them.
 */
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { PRESS_BUDGET_MAX, PRESS_BUDGET_MIN } from '@shared/constants';
import { appTableLabel, appText } from '@shared/i18n/app';
import type { I18n } from '@shared/i18n/i18n';
import {
  dayOf,
  minutesOf,
  openingHoursSchema,
  periodsInOrder,
  periodsOf,
  PERIODS_PER_DAY_MAX,
  runsPastMidnight,
  WEEKDAYS,
  type DayHours,
  type OpeningHours,
} from '@shared/opening-hours';
import type { PressBlock, Restaurant } from '@shared/schemas';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/empty-state';
import { FieldError, inputClass } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { messageFrom } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useUpdateRestaurant } from '../../../lib/restaurants-api';
import { useLiftPressBlock, usePressBlocks } from '../api/press-blocks-api';

const DEFAULT_DAY: DayHours = { open: '11:00', close: '23:00' };
/** "HH:MM" of minutes since midnight (minutesOf, back). */
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
/** A new period needs an hour's gap and an hour's length before midnight: the last must close by 22:00. */
const LATEST_CLOSE_BEFORE_ANOTHER = minutesOf('22:00');
/** The break "+ Add hours" leaves when it splits a long period in two (lunch and dinner). */
const SPLIT_BREAK = 180;
const halfHour = (m: number) => Math.round(m / 30) * 30;

/**
 * What "+ Add hours" makes of a day's periods, or null when it cannot add one: after a last period that closes by
 * 22:00, a new one (dinner after a lunch, else an hour after it closes); else the last period split in two around a
 * three-hour break (11:00–23:00 → 11:00–15:30 and 18:30–23:00), if it is long enough. Never past midnight.
 */
function withAnotherPeriod(periods: readonly DayHours[]): DayHours[] | null {
  const last = periods.at(-1);
  if (!last || periods.length >= PERIODS_PER_DAY_MAX || runsPastMidnight(last)) return null;
  const close = minutesOf(last.close);
  if (close <= LATEST_CLOSE_BEFORE_ANOTHER) {
    const open = Math.max(close + 60, minutesOf('18:00'));
    const end = Math.max(
      Math.min(open + 300, minutesOf('23:00')),
      Math.min(open + 60, minutesOf('23:59')),
    );
    return [...periods, { open: hhmm(open), close: hhmm(end) }];
  }
  const open = minutesOf(last.open);
  const part = halfHour((close - open - SPLIT_BREAK) / 2);
  if (part < 60) return null;
  return [
    ...periods.slice(0, -1),
    { open: last.open, close: hhmm(open + part) },
    { open: hhmm(close - part), close: last.close },
  ];
}

/** The weekday's name in the reader's language (2024-01-01 was a Monday). */
const weekdayName = (i18n: I18n, index: number) =>
  new Intl.DateTimeFormat(i18n.locale, { weekday: 'long', timeZone: 'UTC' }).format(
    Date.UTC(2024, 0, 1 + index),
  );

interface DayRow {
  open: boolean;
  /** One period, or up to PERIODS_PER_DAY_MAX (split service, decision 101). */
  periods: DayHours[];
}

const rowsOf = (hours: OpeningHours): DayRow[] =>
  WEEKDAYS.map((_, i) => {
    const periods = periodsOf(hours?.days[i]);
    return {
      open: hours === null || periods.length > 0,
      periods: periods.length > 0 ? periods : [DEFAULT_DAY],
    };
  });

export function RemoteCallsSection({ restaurant }: { restaurant: Restaurant }) {
  const i18n = useI18n();
  const update = useUpdateRestaurant();
  const [allDay, setAllDay] = useState(restaurant.openingHours === null);
  const [rows, setRows] = useState<DayRow[]>(() => rowsOf(restaurant.openingHours));
  const [budget, setBudget] = useState(String(restaurant.pressBudgetPerMinute));
  const [hoursError, setHoursError] = useState<string | null>(null);
  const [budgetError, setBudgetError] = useState<string | null>(null);
  const modeName = useId();
  const budgetId = useId();
  const budgetHelpId = useId();
  const budgetErrorId = useId();
  const hoursErrorId = useId();

  const setRow = (index: number, change: Partial<DayRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const openingHours: OpeningHours = allDay
      ? null
      : { days: rows.map((row) => (row.open ? dayOf(row.periods) : null)) };
    const hoursOk = openingHoursSchema.safeParse(openingHours).success;
    // Times filled in, but a day's periods overlap or are out of order: say which rule.
    const outOfOrder = !allDay && rows.some((row) => row.open && !periodsInOrder(row.periods));
    const perMinute = Number(budget.trim());
    const budgetOk =
      /^\d+$/.test(budget.trim()) && perMinute >= PRESS_BUDGET_MIN && perMinute <= PRESS_BUDGET_MAX;
    setHoursError(
      hoursOk
        ? null
        : appText(i18n, outOfOrder ? 'app.settings.hours.order' : 'app.settings.hours.invalid'),
    );
    setBudgetError(
      budgetOk
        ? null
        : appText(i18n, 'app.settings.budget.invalid', {
            min: PRESS_BUDGET_MIN,
            max: PRESS_BUDGET_MAX,
          }),
    );
    if (!hoursOk || !budgetOk) return;
    update.mutate(
      { restaurantId: restaurant.id, body: { openingHours, pressBudgetPerMinute: perMinute } },
      {
        onSuccess: () => toast.success(appText(i18n, 'app.settings.hours.saved')),
        onError: (error) =>
          toast.error(messageFrom(error, appText(i18n, 'app.settings.hours.saveFailed'))),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-ink">
          {appText(i18n, 'app.settings.hours.legend')}
        </legend>
        <p className="text-sm text-body">
          {appText(i18n, 'app.settings.hours.help', { zone: restaurant.timeZone })}
        </p>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex min-h-11 items-center gap-2 text-sm text-ink">
            <input
              type="radio"
              name={modeName}
              checked={allDay}
              onChange={() => setAllDay(true)}
              className="size-4 accent-brand-700"
            />
            {appText(i18n, 'app.settings.hours.allDay')}
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm text-ink">
            <input
              type="radio"
              name={modeName}
              checked={!allDay}
              onChange={() => setAllDay(false)}
              className="size-4 accent-brand-700"
            />
            {appText(i18n, 'app.settings.hours.perDay')}
          </label>
        </div>
        {!allDay && (
          <ul
            className="divide-y divide-line rounded-card border border-line"
            data-testid="opening-hours"
          >
            {rows.map((row, index) => (
              <DayLine
                key={WEEKDAYS[index]}
                name={weekdayName(i18n, index)}
                row={row}
                onChange={(change) => setRow(index, change)}
              />
            ))}
          </ul>
        )}
        {hoursError && <FieldError id={hoursErrorId}>{hoursError}</FieldError>}
      </fieldset>

      <div className="space-y-1">
        <label htmlFor={budgetId} className="block text-sm font-medium text-ink-soft">
          {appText(i18n, 'app.settings.budget.label')}
        </label>
        <input
          id={budgetId}
          inputMode="numeric"
          value={budget}
          onChange={(e) => setBudget(e.target.value)}
          aria-invalid={budgetError !== null}
          aria-describedby={`${budgetHelpId}${budgetError ? ` ${budgetErrorId}` : ''}`}
          className={`${inputClass(budgetError !== null)} max-w-32`}
        />
        <p id={budgetHelpId} className="text-sm text-muted">
          {appText(i18n, 'app.settings.budget.help')}
        </p>
        {budgetError && <FieldError id={budgetErrorId}>{budgetError}</FieldError>}
      </div>

      <Button type="submit" isLoading={update.isPending}>
        {appText(i18n, 'app.settings.hours.save')}
      </Button>
    </form>
  );
}

function DayLine({
  name,
  row,
  onChange,
}: {
  name: string;
  row: DayRow;
  onChange: (change: Partial<DayRow>) => void;
}) {
  const i18n = useI18n();
  const setPeriod = (index: number, period: DayHours) =>
    onChange({ periods: row.periods.map((p, i) => (i === index ? period : p)) });
  const added = withAnotherPeriod(row.periods);
  return (
    <li className="grid gap-x-4 gap-y-1 px-3 py-2 sm:grid-cols-[10rem_1fr] sm:items-start">
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-ink">
        <input
          type="checkbox"
          checked={row.open}
          onChange={(e) => onChange({ open: e.target.checked })}
          className="size-4 accent-brand-700"
        />
        {name}
      </label>
      {row.open ? (
        <div className="space-y-1">
          {row.periods.map((period, index) => (
            <PeriodLine
              key={index}
              label={
                row.periods.length > 1
                  ? appText(i18n, 'app.settings.hours.period', { day: name, number: index + 1 })
                  : name
              }
              period={period}
              onChange={(changed) => setPeriod(index, changed)}
              onRemove={
                index > 0
                  ? () => onChange({ periods: row.periods.filter((_, i) => i !== index) })
                  : undefined
              }
            />
          ))}
          {added && (
            <button
              type="button"
              onClick={() => onChange({ periods: added })}
              className="min-h-11 rounded-control px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              + {appText(i18n, 'app.settings.hours.addPeriod')}
            </button>
          )}
        </div>
      ) : (
        <span className="pb-2 text-sm text-muted sm:flex sm:min-h-11 sm:items-center sm:pb-0">
          {appText(i18n, 'app.settings.hours.closed')}
        </span>
      )}
    </li>
  );
}

/** One period of a day: its opening and closing times, "(next day)" past midnight, and Remove after the first. */
function PeriodLine({
  label,
  period,
  onChange,
  onRemove,
}: {
  label: string;
  period: DayHours;
  onChange: (period: DayHours) => void;
  onRemove: (() => void) | undefined;
}) {
  const i18n = useI18n();
  const lateId = useId();
  const late = runsPastMidnight(period);
  return (
    <div
      role="group"
      aria-label={label}
      className="flex flex-wrap items-end gap-x-3 gap-y-1 text-sm"
    >
      <TimeField
        label={appText(i18n, 'app.settings.hours.opens')}
        value={period.open}
        describedBy={late ? lateId : undefined}
        onChange={(open) => onChange({ ...period, open })}
      />
      <TimeField
        label={appText(i18n, 'app.settings.hours.closes')}
        value={period.close}
        describedBy={late ? lateId : undefined}
        onChange={(close) => onChange({ ...period, close })}
      />
      {late && (
        <span id={lateId} className="pb-3 text-muted">
          {appText(i18n, 'app.settings.hours.nextDay')}
        </span>
      )}
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={appText(i18n, 'app.settings.hours.removePeriod', {
            open: period.open,
            close: period.close,
          })}
          className="mb-0.5 min-h-11 rounded-control px-2 text-sm font-semibold text-danger-700 hover:bg-danger-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          {appText(i18n, 'app.settings.hours.remove')}
        </button>
      )}
    </div>
  );
}

function TimeField({
  label,
  value,
  describedBy,
  onChange,
}: {
  label: string;
  value: string;
  describedBy: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="w-32">
      <label htmlFor={id} className="block text-xs text-body">
        {label}
      </label>
      <input
        id={id}
        type="time"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={describedBy}
        className={inputClass(false)}
      />
    </div>
  );
}

/** Phones paused by a prank dismissal (decision 089), newest first; the admin lifts one early. */
export function PressBlocksSection({ restaurantId }: { restaurantId: string }) {
  const i18n = useI18n();
  const blocks = usePressBlocks(restaurantId);
  const lift = useLiftPressBlock(restaurantId);
  if (blocks.isPending) return <Skeleton className="h-16 w-full" />;
  if (blocks.isError)
    return (
      <LoadError
        message={appText(i18n, 'app.settings.blocks.loadFailed')}
        onRetry={() => void blocks.refetch()}
      />
    );
  if (blocks.data.length === 0)
    return <p className="text-sm text-muted">{appText(i18n, 'app.settings.blocks.empty')}</p>;
  return (
    <ul className="divide-y divide-line" data-testid="press-blocks">
      {blocks.data.map((block) => (
        <BlockLine
          key={block.id}
          block={block}
          isLifting={lift.isPending && lift.variables === block.id}
          onLift={() =>
            lift.mutate(block.id, {
              onSuccess: () => toast.success(appText(i18n, 'app.settings.blocks.lifted')),
              onError: (error) =>
                toast.error(messageFrom(error, appText(i18n, 'app.settings.blocks.liftFailed'))),
            })
          }
        />
      ))}
    </ul>
  );
}

function BlockLine({
  block,
  isLifting,
  onLift,
}: {
  block: PressBlock;
  isLifting: boolean;
  onLift: () => void;
}) {
  const i18n = useI18n();
  const time = new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short' });
  const table = appTableLabel(i18n, block.tableNumber);
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 py-3"
      data-testid="press-block"
    >
      <div className="min-w-0">
        <p className="font-semibold text-ink">
          {appText(i18n, 'app.settings.blocks.line', {
            table,
            device: block.deviceHint ?? '—',
          })}
        </p>
        <p className="text-sm text-muted">
          {appText(i18n, 'app.settings.blocks.until', {
            time: time.format(block.deviceUntil),
            name: block.createdBy?.name ?? '—',
          })}
        </p>
      </div>
      <Button variant="secondary" isLoading={isLifting} onClick={onLift}>
        {appText(i18n, 'app.settings.blocks.lift')}
        <span className="sr-only"> {table}</span>
      </Button>
    </li>
  );
}
