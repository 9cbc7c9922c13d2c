import { describe, expect, it } from 'vitest';
import { densityStorageKey, readDensity } from './density';

const storage = (entries: Record<string, string>) => ({ getItem: (key: string) => entries[key] ?? null });

describe('readDensity', () => {
  it('reads the choice of the signed-in user only', () => {
    const saved = storage({ [densityStorageKey('staff')]: 'compact' });
    expect(readDensity(saved, 'staff')).toBe('compact');
    expect(readDensity(saved, 'staff2')).toBe('comfortable');
  });

  it('is comfortable before the user is known and for an unknown value', () => {
    expect(readDensity(storage({}), undefined)).toBe('comfortable');
    expect(readDensity(storage({ [densityStorageKey('staff')]: 'tiny' }), 'staff')).toBe('comfortable');
  });
});
