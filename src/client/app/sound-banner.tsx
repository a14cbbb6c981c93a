import { useState } from 'react';
import { appText } from '@shared/i18n/app';
import { focusPageHeading } from '../lib/focus';
import { useI18n } from '../lib/i18n';
import { turnOnSound, useSoundState } from '../lib/sound';

function SpeakerOffIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M11 5 6 9H3v6h3l5 4V5ZM22 9l-6 6M16 9l6 6" />
    </svg>
  );
}

/**
 * Issue 12, alerts that cannot go silent (decision 033): while the sound alerts are on but the browser keeps the
 * page silent (after a reload, until the first tap: autoplay policy), a server sees this full-width banner right
 * under the header. One tap anywhere unlocks the audio and the banner goes; tapping the banner itself also plays
 * the chime, so the person hears that it works.
 *
 * A tap's first touch already unlocks the audio (lib/sound.ts listens on the whole page), often before the tap's
 * click: the banner stays until that click has reached it. Gone earlier, the content below would move up under the
 * finger and take the click (a filter, the sound mode), and the banner's own chime would never play.
 */
export function SoundBanner({ live = true }: { live?: boolean }) {
  const state = useSoundState();
  const i18n = useI18n();
  const [pressed, setPressed] = useState(false);
  if (state !== 'blocked' && !pressed) return null;
  return (
    <div className="border-b border-warning-300 bg-warning-100">
      <button
        type="button"
        // Drawn by the server before the app runs (decision 106): a tap then would do nothing yet.
        aria-disabled={live ? undefined : true}
        onPointerDown={() => setPressed(true)}
        onPointerCancel={() => setPressed(false)}
        // A touch's click follows its pointerup at once; a tap that ends elsewhere sends none.
        onPointerUp={() => window.setTimeout(() => setPressed(false), 500)}
        onClick={() => {
          turnOnSound();
          setPressed(false);
          // The banner is about to disappear: keep focus on the page, not on <body>.
          focusPageHeading();
        }}
        className="mx-auto flex min-h-12 w-full max-w-5xl items-center gap-3 px-4 py-2 text-start text-warning-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-700"
      >
        <SpeakerOffIcon />
        <span className="min-w-0 flex-1">
          <span className="block font-bold">{appText(i18n, 'app.console.soundBannerTitle')}</span>
          <span className="block text-sm">{appText(i18n, 'app.console.soundBannerText')}</span>
        </span>
      </button>
    </div>
  );
}
