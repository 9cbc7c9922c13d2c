import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  comboboxSlotRecipe,
  cssVarsPrefix as chakraPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  kbdRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  selectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textStyles,
  textareaRecipe,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * The spec's sizes come from a theme whose spacing unit is 8px (0.5rem): the dispatch drawer
 * is 48 units, a drawer name truncates at 20, a medium button is 4.5 units high. `specSpacing`
 * turns those units into rem so the numbers in code match the spec's (decision 003).
 */
export const specSpacing = (units: number): string => `${units * 0.5}rem`;

/**
 * Chakra's default theme with only the recipes of the components the panel renders (issue 36,
 * decision 139): the whole default theme carried some seventy recipes into every page's first
 * load and into `createSystem`'s work at start. The keys are the ones Chakra's components ask
 * for (`createRecipeContext({ key })`); a component asking for a key the system lacks renders
 * unstyled, so `system.test.ts` fails when the panel imports a component whose recipe is missing
 * here. Tokens, semantic tokens, text and layer styles stay whole: colour palettes are chosen at
 * run time (`colorPalette={…}`).
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix: chakraPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      kbd: kbdRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      combobox: comboboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      // A drawer slides in within 150 ms and out within 100 (Chakra's are 500 and 400): its buttons
      // can be used only once it stands still, and a dispatcher opens a cell's drawer hundreds of
      // times a day (issue 36, decision 141).
      drawer: {
        ...drawerSlotRecipe,
        base: {
          ...drawerSlotRecipe.base,
          backdrop: { ...drawerSlotRecipe.base?.backdrop, _open: { animationName: 'fade-in', animationDuration: 'fast' }, _closed: { animationName: 'fade-out', animationDuration: 'faster' } },
          content: {
            ...drawerSlotRecipe.base?.content,
            _open: { animationDuration: 'fast', animationTimingFunction: 'ease-in-smooth' },
            _closed: { animationDuration: 'faster', animationTimingFunction: 'ease-in-smooth' },
          },
        },
      },
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      select: selectSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

const config = defineConfig({
  cssVarsPrefix: 'panel',
  globalCss: {
    html: { colorPalette: 'green' },
    'html, body': { fontFamily: 'body', minHeight: '100%' },
    // Whoever asks their system for less motion gets none (WCAG 2.3.3): dialogs, drawers and
    // menus appear at once, spinners and skeletons stand still. (The end-to-end specs do not ask
    // for it: with nothing to wait on, a click on a select's option right after opening it was
    // lost; decision 113.)
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    tokens: {
      fonts: {
        body: { value: "'Vazirmatn', Tahoma, sans-serif" },
        heading: { value: "'Vazirmatn', Tahoma, sans-serif" },
        mono: { value: "'Vazirmatn', ui-monospace, monospace" },
      },
      // A fixed type scale: the panel is read all day on large monitors.
      fontSizes: {
        '2xs': { value: '0.625rem' },
        xs: { value: '0.75rem' },
        sm: { value: '0.8125rem' },
        md: { value: '0.875rem' },
        lg: { value: '1rem' },
        xl: { value: '1.125rem' },
        '2xl': { value: '1.375rem' },
        '3xl': { value: '1.75rem' },
      },
    },
    // Status text must read at 4.5:1 on white (WCAG AA): Chakra's default red, orange and
    // yellow foregrounds are a shade too light for the small text of field messages. The same
    // holds for white text on the panel's solid green (buttons, solid badges): green.600 gives
    // 3.3:1, green.700 5.0:1.
    semanticTokens: {
      colors: {
        fg: {
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
        },
        green: {
          solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } },
        },
      },
    },
    recipes: {
      button: {
        variants: {
          size: {
            sm: { h: '1.5rem', minW: '1.5rem', px: '2.5', textStyle: 'xs' },
            md: { h: specSpacing(4.5), minW: specSpacing(4.5), px: '4', textStyle: 'sm' },
            lg: { h: '3.5rem', minW: '3.5rem', px: '6', textStyle: 'md' },
          },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, chakraTheme, config);
