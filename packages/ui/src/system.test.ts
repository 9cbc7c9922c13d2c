import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

  it('slides a drawer in within 150 ms and out within 100', () => {
    const drawer = system.getSlotRecipe('drawer') as { base?: { content?: Record<string, { animationDuration?: string }> } };
    expect(drawer.base?.content?._open?.animationDuration).toBe('fast');
    expect(drawer.base?.content?._closed?.animationDuration).toBe('faster');
    expect(String(system.token('durations.fast'))).toBe('150ms');
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

/** The recipe each Chakra component the panel imports asks the system for (`createRecipeContext`). */
const RECIPE_OF: Record<string, string> = {
  Badge: 'badge', Button: 'button', IconButton: 'button', CloseButton: 'button', Code: 'code', Heading: 'heading',
  Icon: 'icon', Input: 'input', Kbd: 'kbd', Link: 'link', Separator: 'separator', Spinner: 'spinner', Textarea: 'textarea',
  // Checkbox.Indicator draws Chakra's Checkmark (the checkbox's own parts: its slot recipe).
  Checkbox: 'checkmark',
};
const SLOT_RECIPE_OF: Record<string, string> = {
  Alert: 'alert', Card: 'card', Checkbox: 'checkbox', Combobox: 'combobox', DataList: 'dataList', Dialog: 'dialog', Drawer: 'drawer', Field: 'field',
  Fieldset: 'fieldset', List: 'list', Menu: 'menu', NativeSelect: 'nativeSelect', Popover: 'popover', Progress: 'progress',
  Select: 'select', Switch: 'switch', Table: 'table', Tabs: 'tabs', Tag: 'tag', Toast: 'toast', Toaster: 'toast', Tooltip: 'tooltip',
};
/** Layout primitives, providers and helpers: no recipe of their own. */
const NO_RECIPE = new Set([
  'Box', 'Flex', 'Grid', 'SimpleGrid', 'Stack', 'HStack', 'VStack', 'Wrap', 'Text', 'Image', 'Portal', 'VisuallyHidden',
  'ChakraProvider', 'LocaleProvider', 'chakra', 'createListCollection', 'createSystem', 'createToaster', 'defineConfig', 'defaultBaseConfig',
]);

describe('the trimmed system', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
    );
  // The workspace's root, from wherever the run started (the test runs under jsdom: no file URL).
  let root = process.cwd();
  while (!existsSync(join(root, 'pnpm-workspace.yaml'))) root = dirname(root);
  const imported = new Set(
    [...sources(join(root, 'packages/ui/src')), ...sources(join(root, 'apps/web/src'))].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)].flatMap((m) =>
        m[1]!.split(',').map((name) => name.trim()).filter((name) => name && !name.startsWith('type ')).map((name) => name.split(/\s+as\s+/)[0]!),
      ),
    ),
  );

  it('knows every Chakra component the panel imports', () => {
    expect(imported.size).toBeGreaterThan(30);
    const unknown = [...imported].filter((name) => !(name in RECIPE_OF) && !(name in SLOT_RECIPE_OF) && !NO_RECIPE.has(name));
    expect(unknown).toEqual([]);
  });

  it('holds the recipe of each of them', () => {
    const missing = [...imported].flatMap((name) => [
      ...(RECIPE_OF[name] ? [RECIPE_OF[name]] : []).filter((key) => !system.isRecipe(key)).map((key) => `${name}: recipe ${key}`),
      ...(SLOT_RECIPE_OF[name] ? [SLOT_RECIPE_OF[name]].filter((key) => !system.isSlotRecipe(key)).map((key) => `${name}: slot recipe ${key}`) : []),
    ]);
    expect(missing).toEqual([]);
  });

  it('leaves out the recipes of components the panel does not use', () => {
    expect(system.isSlotRecipe('datePicker')).toBe(false);
    expect(system.isSlotRecipe('colorPicker')).toBe(false);
  });
});
