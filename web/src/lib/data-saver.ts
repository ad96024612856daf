import { useSyncExternalStore } from 'react';

// Data-saver mode (docs/decisions/0025-data-saver.md): smallest image renditions, list images on
// tap, no hero rotation, no prefetching. The shopper's switch in the profile menu is remembered on
// the device and wins; without it the browser's Save-Data preference decides, as the browser says
// it (navigator.connection) or as the server saw it in the request (a <meta> it writes).
const KEY = 'dwa-data-saver';
const listeners = new Set<() => void>();
// Holds the choice when storage is blocked, so the switch still moves.
let override: boolean | undefined;

function stored(): boolean | undefined {
  try {
    const v = localStorage.getItem(KEY);
    return v === null ? undefined : v === 'on';
  } catch {
    return undefined; // storage blocked: fall back to the browser's preference
  }
}

function browserSavesData(): boolean {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true || document.querySelector('meta[name="save-data"]') !== null;
}

export function setDataSaver(on: boolean) {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // storage blocked: the choice lasts until the page is left
  }
  // The server reads it too: the page it writes shows what this mode shows before the app runs
  // (internal/httpapi/page.go, savesData), not four card images the app would not load.
  document.cookie = `${KEY}=${on ? 'on' : 'off'}; path=/; max-age=31536000; samesite=lax`;
  override = on;
  listeners.forEach((l) => {
    l();
  });
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

/** Whether data-saver mode is on now (for code outside React, such as prefetch triggers). */
export function dataSaverOn(): boolean {
  return stored() ?? override ?? browserSavesData();
}

export function useDataSaver(): boolean {
  return useSyncExternalStore(subscribe, dataSaverOn, () => false);
}
