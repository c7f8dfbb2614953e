import type { Preview } from '@storybook/react-vite';
import '../src/styles.css';

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
};

export default preview;
