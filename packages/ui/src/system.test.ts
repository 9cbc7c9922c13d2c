import { describe, expect, it } from 'vitest';
import { specSpacing, system } from './system';

describe('design system', () => {
  it('converts spec spacing units at 8px each', () => {
    expect(specSpacing(48)).toBe('24rem');
    expect(specSpacing(4.5)).toBe('2.25rem');
  });

  it('uses Vazirmatn and the spec button heights', () => {
    expect(String(system.token('fonts.body'))).toContain('Vazirmatn');
    const button = system._config.theme?.recipes?.button as { variants?: { size?: Record<string, { h?: string }> } };
    expect(button.variants?.size?.sm?.h).toBe('1.5rem');
    expect(button.variants?.size?.md?.h).toBe('2.25rem');
    expect(button.variants?.size?.lg?.h).toBe('3.5rem');
  });
});
