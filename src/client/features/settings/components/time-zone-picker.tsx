import { useCombobox } from 'downshift';
import { useEffect, useId, useMemo, useState } from 'react';
import { appText } from '@shared/i18n/app';
import { canonicalTimeZone, timeZoneNames } from '@shared/time-zone';
import { FieldError, inputClass } from '../../../components/ui/form-field';
import { useI18n } from '../../../lib/i18n';

/** The most zones the open list shows at once: a typed word narrows ~420 names to a few. */
const SHOWN_MAX = 60;

/** "Europe/Berlin" as a person reads it: "Europe / Berlin", underscores as spaces. */
function zoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ').replaceAll('/', ' / ');
}

/** Whether `zone` is what `query` asks for: every word of the query in the zone's name, in any order. */
function zoneMatches(zone: string, query: string): boolean {
  const name = zone.toLowerCase().replaceAll('_', ' ');
  return query
    .toLowerCase()
    .split(/[\s/_,]+/)
    .filter((word) => word !== '')
    .every((word) => name.includes(word));
}

/** The wall clock and offset in `zone` at `now`: "14:05 · GMT+1", in the screen's language. */
function localTime(zone: string, locale: string, now: Date): string {
  const parts = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'shortOffset',
  }).formatToParts(now);
  const clock = parts
    .filter((p) => p.type !== 'timeZoneName')
    .map((p) => p.value)
    .join('')
    .trim();
  const offset = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  return offset ? `${clock} · ${offset}` : clock;
}

/** The current minute, renewed as the minute turns, so every clock in the list stays true. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setTimeout(() => setNow(new Date()), 60_000 - (now.getTime() % 60_000) + 50);
    return () => clearTimeout(timer);
  }, [now]);
  return now;
}

export interface TimeZonePickerProps {
  id?: string;
  /** The stored zone (an IANA name). */
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  label: string;
  error?: string | undefined;
  hint?: string;
}

/**
 * A searchable list of IANA time zones, each with its current local time (issue 26 item 2, decision 084): an ARIA
 * combobox by downshift. Typing "new york" or "berlin" narrows the list; a zone is taken only from the list, so
 * nothing the server would refuse can be picked. The field shows the chosen zone's local time under it.
 */
export function TimeZonePicker({
  id,
  value,
  onChange,
  onBlur,
  label,
  error,
  hint,
}: TimeZonePickerProps) {
  const i18n = useI18n();
  const ownId = useId();
  const inputId = id ?? ownId;
  const now = useNow();
  const zones = useMemo(() => timeZoneNames(), []);
  const [query, setQuery] = useState(zoneLabel(value));
  const [typed, setTyped] = useState(false);
  const matches = useMemo(
    () => (typed ? zones.filter((zone) => zoneMatches(zone, query)) : zones),
    [zones, query, typed],
  );
  const shown = matches.slice(0, SHOWN_MAX);

  // A value set from outside (the device's zone button, Discard) shows in the input.
  useEffect(() => {
    setQuery(zoneLabel(value));
    setTyped(false);
  }, [value]);

  const combobox = useCombobox<string>({
    inputId,
    items: shown,
    selectedItem: canonicalTimeZone(value),
    itemToString: (zone) => (zone === null ? '' : zoneLabel(zone)),
    inputValue: query,
    onInputValueChange: ({ inputValue, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) {
        setQuery(inputValue);
        setTyped(true);
      } else if (inputValue !== '') {
        // A pick shows the zone picked; Escape on a closed list (which would empty it) changes nothing.
        setQuery(inputValue);
        setTyped(false);
      }
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onChange(selectedItem);
    },
    onIsOpenChange: ({ isOpen }) => {
      // Closed without a pick: the input shows the zone that is still chosen.
      if (!isOpen) {
        setQuery(zoneLabel(value));
        setTyped(false);
      }
    },
  });
  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps, getLabelProps } =
    combobox;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const known = canonicalTimeZone(value);

  return (
    <div className="flex flex-col gap-1.5">
      <label {...getLabelProps()} className="text-sm font-medium text-ink-soft">
        {label}
      </label>
      <div className="relative sm:max-w-md">
        <input
          {...getInputProps({
            onBlur,
            onFocus: () => {
              if (!isOpen) combobox.openMenu();
            },
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${hintId} ${errorId}` : hintId,
          })}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          placeholder={appText(i18n, 'app.settings.timeZoneSearch')}
          className={inputClass(Boolean(error))}
        />
        <ul
          {...getMenuProps()}
          className={
            isOpen
              ? 'absolute top-full z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-control border border-faint bg-white py-1 shadow-lg'
              : 'hidden'
          }
        >
          {isOpen && shown.length === 0 && (
            <li className="px-3 py-2 text-sm text-body">
              {appText(i18n, 'app.settings.timeZoneNoMatch')}
            </li>
          )}
          {isOpen &&
            shown.map((zone, index) => (
              <li
                key={zone}
                {...getItemProps({ item: zone, index })}
                className={`flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm ${
                  highlightedIndex === index ? 'bg-brand-50 text-ink' : 'text-ink-soft'
                } ${zone === known ? 'font-semibold' : ''}`}
              >
                <span dir="ltr" className="min-w-0 break-words">
                  {zoneLabel(zone)}
                </span>
                <span dir="ltr" className="shrink-0 tabular-nums text-body">
                  {localTime(zone, i18n.locale, now)}
                </span>
              </li>
            ))}
          {isOpen && matches.length > shown.length && (
            <li className="px-3 py-2 text-sm text-body">
              {appText(i18n, 'app.settings.timeZoneMore', { count: matches.length - shown.length })}
            </li>
          )}
        </ul>
      </div>
      <p id={hintId} className="text-sm text-body">
        {known
          ? appText(i18n, 'app.settings.timeZoneHintClock', {
              clock: localTime(known, i18n.locale, now),
            })
          : (hint ?? appText(i18n, 'app.settings.timeZoneHint'))}
      </p>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
