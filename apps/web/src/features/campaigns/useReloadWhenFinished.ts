import { useEffect, useRef } from 'react';
import { useLiveEvent } from '../live';

/** The report reloads this long after the finished status arrives (the last deliveries settle). */
export const REPORT_RELOAD_MS = 5_000;

/** Calls `reload` 5 s after a live update says the campaign has finished. */
export function useReloadWhenFinished(campaignId: number, reload: () => void): void {
  const timer = useRef<number | null>(null);
  useLiveEvent('campaign', (payload) => {
    if (payload.action !== 'update' || payload.record.id !== campaignId || payload.record.status !== 'FINALIZADA') return;
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = null;
      reload();
    }, REPORT_RELOAD_MS);
  });
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );
}
