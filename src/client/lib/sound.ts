/**
 * The new-request chime (issue 5): a short two-note tone made with Web Audio (no audio file), played with the
 * toast while the staff app is open. On by default, switched on the requests console and remembered per device.
 * Browsers only let a page make sound after the person interacted with it, so the audio is armed on the first
 * tap or key press.
 */
import { useSyncExternalStore } from 'react';

const STORAGE_KEY = 'table-service.sound-alerts';
const listeners = new Set<() => void>();
let context: AudioContext | null = null;

function arm(): void {
  if (context !== null) return;
  try {
    context = new AudioContext();
    void context.resume();
  } catch {
    context = null;
  }
  if (context !== null) {
    window.removeEventListener('pointerdown', arm, true);
    window.removeEventListener('keydown', arm, true);
  }
}

/** Called once by the staff app: the first interaction unlocks the audio. */
export function armSoundOnFirstInteraction(): void {
  if (typeof window === 'undefined' || context !== null || !('AudioContext' in window)) return;
  window.addEventListener('pointerdown', arm, true);
  window.addEventListener('keydown', arm, true);
}

export function isSoundEnabled(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setSoundEnabled(on: boolean): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Storage disabled: the choice lasts until the page is reloaded.
  }
  listeners.forEach((listener) => listener());
  // Switching it on is an interaction: play a sample so the person hears what it sounds like.
  if (on) {
    arm();
    playChime();
  }
}

/** The 'Sound alerts' switch. */
export function useSoundAlerts(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isSoundEnabled,
    () => true,
  );
  return [on, setSoundEnabled];
}

/** Two short rising notes, about 0.4 s in all; silent when switched off or not yet armed. */
export function playChime(): void {
  if (!isSoundEnabled() || context === null || context.state !== 'running') return;
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
