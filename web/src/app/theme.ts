/**
 * The look of a rugged local business: Pilbara red-ochre for actions, a warm spinifex-gold
 * accent, dark ironstone text on off-white. Primary shade 8 keeps white button text above 4.5:1.
 */
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const ochre: MantineColorsTuple = [
  '#fdf1ed',
  '#f7ddd4',
  '#efb9a7',
  '#e79177',
  '#df6f4f',
  '#d95a36',
  '#d44f29',
  '#bb401c',
  '#a8341c',
  '#8a2914',
];

const spinifex: MantineColorsTuple = [
  '#fff8e6',
  '#fcefcf',
  '#f8dd9c',
  '#f4ca65',
  '#f0ba39',
  '#eeb01d',
  '#edab0c',
  '#d39500',
  '#bc8400',
  '#a27100',
];

const ironstone: MantineColorsTuple = [
  '#f5f3f2',
  '#e7e3e1',
  '#cec5c1',
  '#b4a69f',
  '#9e8b82',
  '#917b70',
  '#8b7267',
  '#786156',
  '#6b564b',
  '#2b2220',
];

export const theme = createTheme({
  primaryColor: 'ochre',
  primaryShade: 8,
  colors: { ochre, spinifex, ironstone },
  black: '#2b2220',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '800',
  },
  components: {
    Button: { defaultProps: { fw: 700 } },
    // The show/hide toggle is a 44 px tap target, as tall as the field itself.
    PasswordInput: {
      defaultProps: {
        rightSectionWidth: 46,
        visibilityToggleButtonProps: { style: { width: 44, height: 44, minWidth: 44 } },
      },
    },
    // Toasts are read in the cab in sunlight: full-strength description text, and a named
    // close button for screen readers.
    // A plain override rather than Notification.extend, which would pull the Notification
    // component into every page's first load.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    },
  },
});

/**
 * Mantine's default dimmed grey is about 3.3:1 on white, below WCAG AA for body text; a warm
 * dark grey keeps secondary text readable in sunlight on a phone (about 6:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Mantine's default error red is about 3.3:1 on white; this one is above 5:1. The default
  // placeholder grey (about 2:1) is what a select or date picker shows before a choice is made,
  // so it has to be readable too: this one is about 5.4:1 on the input's white.
  light: {
    '--mantine-color-dimmed': '#66554d',
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-placeholder': '#756760',
  },
  dark: {},
});
