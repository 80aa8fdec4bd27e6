import { describe, expect, it } from 'vitest';
import { advanceDueDate, dueTone, resetPasswordParams } from './platform.js';

describe('advanceDueDate', () => {
  it('adds the months of the recurrence', () => {
    expect(advanceDueDate('2030-01-10', 'MENSAL', '2000-01-01')).toBe('2030-02-10');
    expect(advanceDueDate('2030-01-10', 'BIMESTRAL', '2000-01-01')).toBe('2030-03-10');
    expect(advanceDueDate('2030-01-10', 'TRIMESTRAL', '2000-01-01')).toBe('2030-04-10');
    expect(advanceDueDate('2030-01-10', 'SEMESTRAL', '2000-01-01')).toBe('2030-07-10');
    expect(advanceDueDate('2030-01-10', 'ANUAL', '2000-01-01')).toBe('2031-01-10');
    expect(advanceDueDate('2030-11-30', 'BIMESTRAL', '2000-01-01')).toBe('2031-01-30');
  });

  it('falls on the last day of a shorter month, and starts from today without a due date', () => {
    expect(advanceDueDate('2030-01-31', 'MENSAL', '2000-01-01')).toBe('2030-02-28');
    expect(advanceDueDate('2028-02-29', 'ANUAL', '2000-01-01')).toBe('2029-02-28');
    expect(advanceDueDate(null, 'MENSAL', '2030-05-20')).toBe('2030-06-20');
  });
});

describe('dueTone', () => {
  it('follows the spec thresholds: exactly 5 yellow, -3 to 4 orange, -4 and before red', () => {
    expect([6, 5, 4, 0, -3, -4, -30].map(dueTone)).toEqual([null, 'warning', 'danger', 'danger', 'danger', 'expired', 'expired']);
    expect(dueTone(null)).toBeNull();
  });
});

describe('resetPasswordParams', () => {
  const parse = (password: string) => resetPasswordParams.safeParse({ email: 'a@b.example', token: '012345', password }).success;
  it('wants 8 or more characters with an upper-case letter, a lower-case letter and a digit', () => {
    expect(parse('NovaSenha1')).toBe(true);
    expect(['Curta1a', 'semmaiuscula1', 'SEMMINUSCULA1', 'SemDigitos'].map(parse)).toEqual([false, false, false, false]);
  });
});
