import { describe, expect, it } from 'vitest';
import { countAxis, dayLabelShown } from './chartAxes';

describe('dashboard chart axes', () => {
  it('counts conversations in whole steps from zero, and an empty chart reads 0 to 1', () => {
    expect(countAxis([0, 0, 0])).toMatchObject({ min: 0, max: 1, tickMinStep: 1 });
    expect(countAxis([])).toMatchObject({ min: 0, max: 1 });
    const busy = countAxis([1, 3]);
    expect(busy).toMatchObject({ min: 0, tickMinStep: 1 });
    expect(busy).not.toHaveProperty('max');
    expect(busy.valueFormatter(2.5)).toBe('3');
    expect(busy.valueFormatter(0)).toBe('0');
  });

  it('labels every day of a month, and always the first and last day of a longer range', () => {
    const month = dayLabelShown(31);
    expect(Array.from({ length: 31 }, (_, i) => month(null, i)).every(Boolean)).toBe(true);
    const quarter = dayLabelShown(91);
    const shown = Array.from({ length: 91 }, (_, i) => i).filter((i) => quarter(null, i));
    expect(shown[0]).toBe(0);
    expect(shown.at(-1)).toBe(90);
    expect(shown.length).toBeLessThanOrEqual(32);
    // No label crowds the last one.
    expect(shown.at(-1)! - shown.at(-2)!).toBeGreaterThanOrEqual(2);
  });
});
