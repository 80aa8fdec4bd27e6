/**
 * Axis settings shared by the dashboard's bar charts. Conversations are whole: the count axis
 * ticks in whole steps, and an empty chart still reads 0 to 1 instead of a fraction.
 */
export function countAxis(totals: number[]) {
  const highest = Math.max(0, ...totals);
  return {
    min: 0,
    // A flat zero series has no height of its own: the axis would show 0.0, 0.2...
    ...(highest === 0 ? { max: 1 } : {}),
    tickMinStep: 1,
    valueFormatter: (value: number | null) => (value === null ? '' : String(Math.round(value))),
  };
}

/** Day labels stay readable up to this many; longer ranges label every n-th day. */
const LABELLED_DAYS = 31;

/**
 * Which day labels show. The chart's own choice ('auto') drops labels that would overlap, often the
 * last date; this shows them all (tilted) up to a month, and beyond that every n-th day, always
 * with the first and the last so the whole range reads at a glance.
 */
export function dayLabelShown(count: number): (value: unknown, index: number) => boolean {
  const step = Math.max(1, Math.ceil(count / LABELLED_DAYS));
  return (_value, index) => index === 0 || index === count - 1 || (index % step === 0 && count - 1 - index >= step / 2);
}
