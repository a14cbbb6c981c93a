import { useId } from 'react';
import { appText } from '../../../../shared/i18n/app';
import { useI18n } from '../../../lib/i18n';
import { setSoundEnabled, useSoundState } from '../../../lib/sound';
import { isWakeLockSupported, useKeepScreenOn, useWakeLock } from '../../../lib/wake-lock';

function Switch({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3">
      <span className="relative inline-flex h-6 w-11 shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none h-6 w-11 rounded-full bg-line-strong transition-colors peer-checked:bg-brand-700 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2 after:absolute after:start-0.5 after:top-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5 rtl:peer-checked:after:-translate-x-5"
        />
      </span>
      <span className="text-sm">
        <span className="font-semibold text-ink">{label}</span>
        {hint && <span className="block text-xs text-muted">{hint}</span>}
      </span>
    </label>
  );
}

/**
 * The console's alert settings (issue 5), remembered on this device: the new-request chime (on by default; shown
 * off while the browser keeps the page silent, issue 12) and
 * 'Keep screen on' where the browser has the Screen Wake Lock API (hidden otherwise).
 */
export function ConsoleControls() {
  const sound = useSoundState();
  const [keepOn, setKeepOn] = useKeepScreenOn();
  const held = useWakeLock(keepOn);
  const i18n = useI18n();
  return (
    <div className="flex flex-wrap gap-x-8 gap-y-1 rounded-card border border-line bg-white px-4 py-2">
      {/* Issue 12: the switch shows what a chime would really do; a tap on it is also what unlocks the audio. */}
      {sound !== 'unsupported' && (
        <Switch
          label={appText(i18n, 'app.console.soundAlerts')}
          hint={sound === 'blocked' ? appText(i18n, 'app.console.soundBlocked') : undefined}
          checked={sound === 'on'}
          onChange={setSoundEnabled}
        />
      )}
      {isWakeLockSupported() && (
        <Switch
          label={appText(i18n, 'app.console.keepScreenOn')}
          hint={keepOn && !held ? appText(i18n, 'app.console.keepScreenOnWaiting') : undefined}
          checked={keepOn}
          onChange={setKeepOn}
        />
      )}
    </div>
  );
}
