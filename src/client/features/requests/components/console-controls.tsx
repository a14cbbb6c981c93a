import { useId, type ReactNode } from 'react';
import { appText } from '@shared/i18n/app';
import { useI18n } from '../../../lib/i18n';
import {
  SOUND_MODES,
  setSoundMode,
  useSoundMode,
  useSoundState,
  type SoundMode,
} from '../../../lib/sound';
import { isWakeLockSupported, useKeepScreenOn, useWakeLock } from '../../../lib/wake-lock';
import { StrokeIcon } from '../../../components/ui/request-type-icon';

/** What a control shows: on, off, or switched on but held back by the browser. */
type ControlTone = 'on' | 'off' | 'held';

const TONE: Record<ControlTone, string> = {
  on: 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800',
  off: 'border-line-strong bg-white text-muted hover:bg-sunken',
  held: 'border-warning-400 bg-warning-100 text-warning-900 hover:bg-warning-200',
};

function Icon({ d }: { d: string }) {
  return <StrokeIcon d={d} className="size-5" strokeWidth="2" />;
}

const SPEAKER = 'M11 5 6 9H3v6h3l5 4V5Z';
const SPEAKER_ON = `${SPEAKER}M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13`;
const SPEAKER_OFF = `${SPEAKER}M22 9l-6 6M16 9l6 6`;
const SCREEN = 'M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1ZM11 18h2';
const SCREEN_ON = `${SCREEN}M9.5 9.5 11 11l3.5-3.5`;

/**
 * A compact switch for the console's header: an icon that shows the real state (issue 28) — filled when on, amber
 * when switched on but held back by the browser, outlined when off — and its name and state for screen readers
 * (role=switch, aria-checked), with the reason as its description.
 */
function HeaderSwitch({
  label,
  hint,
  checked,
  tone,
  icon,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  tone: ControlTone;
  icon: ReactNode;
  onChange: (checked: boolean) => void;
}) {
  const hintId = useId();
  return (
    <>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        aria-describedby={hint ? hintId : undefined}
        title={hint ? `${label}: ${hint}` : label}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex size-11 items-center justify-center rounded-full border transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 ${TONE[tone]}`}
      >
        {icon}
        {tone === 'held' && (
          <span
            aria-hidden="true"
            className="absolute end-0.5 top-0.5 size-2.5 rounded-full bg-warning-600 ring-2 ring-white"
          />
        )}
      </button>
      {hint && (
        <span id={hintId} hidden>
          {hint}
        </span>
      )}
    </>
  );
}

const MODE_KEY = {
  every: 'app.console.soundMode.every',
  overdue: 'app.console.soundMode.overdue',
  silent: 'app.console.soundMode.silent',
} as const satisfies Record<SoundMode, string>;

/**
 * Decision 091: this device's sound mode — every call, only overdue (and re-routed) ones, or silent — as a compact
 * native select in the header: the speaker icon shows the state (amber while the browser holds sound back), the
 * select's own label and value are what a screen reader hears, and a phone opens its own picker.
 */
function SoundModePicker({ held }: { held: boolean }) {
  const mode = useSoundMode();
  const i18n = useI18n();
  const hintId = useId();
  const tone: ControlTone = mode === 'silent' ? 'off' : held ? 'held' : 'on';
  return (
    <label
      className={`relative inline-flex h-11 items-center gap-1 rounded-full border ps-2.5 pe-1 transition-colors focus-within:ring-2 focus-within:ring-brand-600 focus-within:ring-offset-2 ${TONE[tone]}`}
      title={held ? appText(i18n, 'app.console.soundBlocked') : undefined}
    >
      <Icon d={mode === 'silent' ? SPEAKER_OFF : SPEAKER_ON} />
      <span className="sr-only">{appText(i18n, 'app.console.soundAlerts')}</span>
      <select
        value={mode}
        aria-describedby={held ? hintId : undefined}
        onChange={(e) => setSoundMode(e.target.value as SoundMode)}
        className="max-w-28 cursor-pointer appearance-none truncate bg-transparent py-1 pe-1 text-sm font-medium focus:outline-none sm:max-w-none"
      >
        {SOUND_MODES.map((m) => (
          <option key={m} value={m} className="text-ink">
            {appText(i18n, MODE_KEY[m])}
          </option>
        ))}
      </select>
      {held && (
        <>
          <span
            aria-hidden="true"
            className="absolute end-0.5 top-0.5 size-2.5 rounded-full bg-warning-600 ring-2 ring-white"
          />
          <span id={hintId} hidden>
            {appText(i18n, 'app.console.soundBlocked')}
          </span>
        </>
      )}
    </label>
  );
}

/**
 * The console's alert settings (issue 5), remembered on this device, as two icon switches in the console's header
 * (issue 28: the card that took a third of a phone's screen is gone): the new-request chime (on by default; shown
 * held back while the browser keeps the page silent, issue 12 — the 'Tap to turn on sound' banner says so too) and
 * 'Keep screen on' where the browser has the Screen Wake Lock API (hidden otherwise).
 */
export function ConsoleControls() {
  const sound = useSoundState();
  const [keepOn, setKeepOn] = useKeepScreenOn();
  const held = useWakeLock(keepOn);
  const i18n = useI18n();
  return (
    <div className="flex shrink-0 items-center gap-2">
      {/* Issue 12: the switch shows what a chime would really do; a tap on it is also what unlocks the audio. */}
      {sound !== 'unsupported' && <SoundModePicker held={sound === 'blocked'} />}
      {isWakeLockSupported() && (
        <HeaderSwitch
          label={appText(i18n, 'app.console.keepScreenOn')}
          hint={keepOn && !held ? appText(i18n, 'app.console.keepScreenOnWaiting') : undefined}
          checked={keepOn}
          tone={!keepOn ? 'off' : held ? 'on' : 'held'}
          icon={<Icon d={keepOn ? SCREEN_ON : SCREEN} />}
          onChange={setKeepOn}
        />
      )}
    </div>
  );
}
