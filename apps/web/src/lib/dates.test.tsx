import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../app/i18n';
import { formatDate, formatDateTime, formatDayMonth } from './dates';

afterEach(async () => {
  await i18n.changeLanguage('pt');
});

describe('dates follow the chosen language', () => {
  it('writes day first in Portuguese and Spanish, month first in English', async () => {
    expect(formatDate('2025-03-04')).toBe('04/03/2025');
    expect(formatDayMonth('2025-03-04')).toBe('04/03');
    await i18n.changeLanguage('es');
    expect(formatDate('2025-03-04')).toBe('04/03/2025');
    await i18n.changeLanguage('en');
    expect(formatDate('2025-03-04')).toBe('03/04/2025');
    expect(formatDayMonth('2025-03-04')).toBe('03/04');
    expect(formatDateTime('2025-03-04T09:05:00')).toBe('03/04/2025 09:05');
  });
});
