import { describe, expect, it } from 'vitest';
import { needsGuardian, readAgeForm } from './age-answer';

const today = new Date('2026-06-10T12:00:00Z');
const read = (birthDate: string, guardianEmail = '', own: (string | null)[] = []) =>
  readAgeForm({ birthDate, guardianEmail }, own, today);

describe('the age answer', () => {
  it('asks for a guardian under 14 only, counting birthdays', () => {
    expect(needsGuardian('2012-06-11', today)).toBe(true);
    expect(needsGuardian('2012-06-10', today)).toBe(false);
    expect(needsGuardian('2012-02-30', today)).toBe(false);
    expect(read('2000-01-01')).toEqual({ body: { birth_date: '2000-01-01' } });
  });

  it('names each mistake by its translated message key', () => {
    expect(read('')).toEqual({ errors: { birthDate: 'birthDate' } });
    expect(read('2010-02-30')).toEqual({ errors: { birthDate: 'birthDate' } });
    expect(read('1850-01-01')).toEqual({ errors: { birthDate: 'birthDateOld' } });
    expect(read('2999-01-01')).toEqual({ errors: { birthDate: 'birthDateFuture' } });
    expect(read('2015-01-01')).toEqual({ errors: { guardianEmail: 'guardianEmail' } });
    expect(read('2015-01-01', 'parent')).toEqual({
      errors: { guardianEmail: 'guardianEmailFormat' },
    });
    expect(read('2015-01-01', 'Me@Example.com', ['me@example.com'])).toEqual({
      errors: { guardianEmail: 'guardianOwn' },
    });
    expect(read('2015-01-01', ' Parent@Example.com ')).toEqual({
      body: { birth_date: '2015-01-01', guardian_email: 'parent@example.com' },
    });
  });
});
