import { useEffect, useRef } from 'react';

/**
 * Fills a dialog's form once per opening: at once for a new record, or when the record being
 * edited has loaded. A later refetch of the same record (a live event, a window focus) does not
 * reset the form again, so it never wipes what the user is typing.
 */
export function useFormLoad<T>(open: boolean, recordKey: string | null, values: () => T, reset: (values: T) => void): void {
  const loaded = useRef<string | null>(null);
  useEffect(() => {
    if (!open) {
      loaded.current = null;
      return;
    }
    if (recordKey === null || loaded.current === recordKey) return;
    loaded.current = recordKey;
    reset(values());
    // `values` reads the record that `recordKey` names; the key alone decides when to fill.
  }, [open, recordKey]);
}
