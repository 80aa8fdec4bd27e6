import { STORAGE_KEYS } from '@atende/contract';
import { useCallback, useState } from 'react';
import { readStored, writeStored } from './storage';

/** Notification sound volume, 0 to 1 in steps of 0.1, kept in the browser. */
export function readVolume(): number {
  const stored = Number.parseFloat(readStored(STORAGE_KEYS.volume) ?? '');
  if (!Number.isFinite(stored)) return 1;
  return Math.min(1, Math.max(0, Math.round(stored * 10) / 10));
}

export function useVolume(): [number, (value: number) => void] {
  const [volume, setVolumeState] = useState(readVolume);
  const setVolume = useCallback((value: number) => {
    const clean = Math.min(1, Math.max(0, Math.round(value * 10) / 10));
    writeStored(STORAGE_KEYS.volume, String(clean));
    setVolumeState(clean);
  }, []);
  return [volume, setVolume];
}
