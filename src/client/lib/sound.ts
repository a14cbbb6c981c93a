/**
 * The new-request chime (issue 5): a short two-note tone made with Web Audio (no audio file), played with the
 * toast while the staff app is open. On by default, switched on the requests console and remembered per device.
 *
 * Issue 12 (decision 033): the app knows whether it can actually make sound. Browsers let a page play audio only
 * after the person interacted with it (Chromium's autoplay policy; after a reload the page starts silent again). The
 * AudioContext's state says which: 'running' means a chime will be heard, anything else ('suspended', Safari's
 * 'interrupted') means the browser is holding it back until the next tap. Every tap or key press on the page tries
 * to unlock it.
 *
 * Decision 105: the AudioContext is made at the first tap or key press (where it can start running), or when a chime
 * is due — not as the console starts: making it starts the device's audio, a long task (70–90 ms of main thread on
 * this machine, several times that on a phone) that held back the console's first screen. Until then the page has
 * no audio and says so ('blocked'), which is true wherever a page nobody has touched may not play sound; where it
 * may (an installed app on some phones), the first call's chime finds that out, plays, and the banner goes.
 */
import { useSyncExternalStore } from 'react';
import { SOUND_MODE_CACHE, SOUND_MODE_KEY } from './sound-mode-store';

const STORAGE_KEY = 'table-service.sound-alerts';
/** A chime the browser let start later than this after its call is not played. */
const STALE_CHIME_MS = 2_000;
const listeners = new Set<() => void>();
let context: AudioContext | null = null;

const notify = () => listeners.forEach((listener) => listener());

/**
 * - 'on': switched on, and the browser lets the page play sound;
 * - 'blocked': switched on, but the browser keeps the page silent until the person taps it;
 * - 'off': switched off on this device;
 * - 'unsupported': no Web Audio in this browser.
 */
export type SoundState = 'on' | 'blocked' | 'off' | 'unsupported';

function hasWebAudio(): boolean {
  return typeof window !== 'undefined' && 'AudioContext' in window;
}

function ensureContext(): AudioContext | null {
  if (context !== null || !hasWebAudio()) return context;
  try {
    context = new AudioContext();
    context.addEventListener('statechange', notify);
  } catch {
    context = null;
  }
  return context;
}

/** Resume the audio; only succeeds during (or after) a user activation. */
function unlock(): void {
  const audio = ensureContext();
  if (audio === null || audio.state === 'running') return;
  audio.resume().then(notify, notify);
}

// The events that give a page user activation (HTML: keydown, mousedown, pointerup for touch, touchend).
const ACTIVATION_EVENTS = ['pointerdown', 'pointerup', 'touchend', 'keydown', 'click'] as const;

/**
 * Called by the staff app while someone is signed in: unlocks the audio on every interaction (making it at the first,
 * decision 105). Returns the clean-up.
 */
export function startSoundAlerts(): () => void {
  if (!hasWebAudio()) return () => undefined;
  notify();
  for (const type of ACTIVATION_EVENTS) window.addEventListener(type, unlock, true);
  return () => {
    for (const type of ACTIVATION_EVENTS) window.removeEventListener(type, unlock, true);
  };
}

/**
 * Decision 091: this device's sound mode — a chime for every call, only for overdue and re-routed ones, or none.
 * Stored as before ('on' is every call, 'off' silent), so a device keeps what it chose.
 */
export type SoundMode = 'every' | 'overdue' | 'silent';
export const SOUND_MODES: readonly SoundMode[] = ['every', 'overdue', 'silent'];

function soundMode(): SoundMode {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return stored === 'off' ? 'silent' : stored === 'overdue' ? 'overdue' : 'every';
  } catch {
    return 'every';
  }
}

/** The service worker cannot read localStorage: it reads the mode from this cache entry (sw-alerts.ts). */
function shareWithServiceWorker(mode: SoundMode): void {
  if (typeof caches === 'undefined') return;
  void caches
    .open(SOUND_MODE_CACHE)
    .then((cache) => cache.put(SOUND_MODE_KEY, new Response(mode)))
    .catch(() => undefined);
}

export function setSoundMode(mode: SoundMode): void {
  try {
    window.localStorage.setItem(
      STORAGE_KEY,
      mode === 'every' ? 'on' : mode === 'silent' ? 'off' : 'overdue',
    );
  } catch {
    // Storage disabled: the choice lasts until the page is reloaded.
  }
  shareWithServiceWorker(mode);
  notify();
  if (mode !== 'silent') turnOnSound(true);
}

export function useSoundMode(): SoundMode {
  return useSyncExternalStore(subscribe, soundMode, () => 'every');
}

function isSoundEnabled(): boolean {
  return soundMode() !== 'silent';
}

/** What a chime would do right now (see SoundState). */
function soundState(): SoundState {
  if (!hasWebAudio()) return 'unsupported';
  if (!isSoundEnabled()) return 'off';
  return context !== null && context.state === 'running' ? 'on' : 'blocked';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live SoundState, for the 'Sound alerts' switch and the 'Tap to turn on sound' banner. */
export function useSoundState(): SoundState {
  return useSyncExternalStore(subscribe, soundState, () => 'blocked');
}

/** A tap on 'Tap to turn on sound' or the switch: unlock the audio and play the chime once it runs. */
export function turnOnSound(sample = true): void {
  const audio = ensureContext();
  if (audio === null) return;
  if (audio.state === 'running') {
    if (sample) playChime(true);
    return;
  }
  audio.resume().then(() => {
    notify();
    if (sample) playChime(true);
  }, notify);
}

/**
 * Two short rising notes, about 0.4 s in all; silent when switched off or blocked by the browser, and for a first
 * call (`late` false) in 'only overdue' mode (decision 091).
 */
export function playChime(late = false): void {
  const mode = soundMode();
  if (mode === 'silent' || (mode === 'overdue' && !late)) return;
  const made = context === null;
  const audio = ensureContext();
  if (audio === null) return;
  if (audio.state === 'running') return playNotes(audio);
  // Blocked by the browser: silent until a tap, unless this chime made the audio (nobody had touched the page yet,
  // decision 105) — where the browser lets it play anyway, the new audio starts and the chime plays once it runs.
  if (!made) return;
  const askedAt = Date.now();
  audio.resume().then(() => {
    notify();
    // Held back until a tap unlocked it much later: that tap's own sample chime is the one to hear.
    if (Date.now() - askedAt < STALE_CHIME_MS) playNotes(audio);
  }, notify);
}

function playNotes(context: AudioContext): void {
  if (context.state !== 'running') return;
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1318.5],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.22);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.25);
  }
}
