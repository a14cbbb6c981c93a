/**
 * Where this device's sound mode (decision 091) is shared with the service worker, which cannot read localStorage:
 * one Cache Storage entry, written by the console (lib/sound.ts), read on each push (sw-alerts.ts).
 */
export const SOUND_MODE_CACHE = 'table-service-device';
export const SOUND_MODE_KEY = '/__device/sound-mode';
