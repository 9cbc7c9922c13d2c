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

  it('puts white text on solid green at AA contrast (4.5:1) or better', () => {
    const semantic = system._config.theme?.semanticTokens?.colors as { green?: { solid?: { value?: { _light?: string } } } };
    const reference = semantic.green?.solid?.value?._light ?? '';
    const hex = String(system.token(reference.replace(/[{}]/g, '')));
    const luminance = (color: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    expect(hex).toMatch(/^#[0-9a-f]{6}$/i);
    expect((1 + 0.05) / (luminance(hex) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});
