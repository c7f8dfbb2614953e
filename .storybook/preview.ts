import type { Preview } from '@storybook/react-vite';
import { createElement } from 'react';
import '../src/styles.css';

/** Page colours behind the stories, per theme of the toolbar (the transcript's own palette). */
const PAGE = {
  system: { colorScheme: 'light dark', background: 'Canvas', color: 'CanvasText' },
  light: { colorScheme: 'light', background: '#ffffff', color: '#1f2328' },
  dark: { colorScheme: 'dark', background: '#0d1117', color: '#e6edf3' },
} as const;

type Theme = keyof typeof PAGE;

const preview: Preview = {
  parameters: {
    controls: {
      matchers: {
        color: /(background|color)$/i,
        date: /Date$/i,
      },
    },
    // Accessibility violations fail the story's test (Storybook UI and the `storybook` Vitest project).
    a11y: { test: 'error' },
  },
  // A toolbar switch for the default theme: `data-theme` on a wrapper around every story (none for System).
  globalTypes: {
    theme: {
      description: 'tool-transcript theme (data-theme on an ancestor)',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'system', title: 'System (prefers-color-scheme)' },
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'system' },
  decorators: [
    (Story, context) => {
      const theme: Theme = Object.hasOwn(PAGE, context.globals.theme) ? context.globals.theme : 'system';
      return createElement(
        'div',
        { 'data-theme': theme === 'system' ? undefined : theme, style: { ...PAGE[theme], padding: '0.25rem' } },
        createElement(Story),
      );
    },
  ],
};

export default preview;
