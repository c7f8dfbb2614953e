import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.@(mdx|stories.@(ts|tsx))'],
  addons: ['@storybook/addon-docs', '@storybook/addon-vitest', '@storybook/addon-a11y'],
  framework: {
    name: '@storybook/react-vite',
    options: {},
  },
  core: {
    // No phoning home from CI or from offline machines.
    disableTelemetry: true,
  },
  // Storybook's own preview bundle (docs renderer, axe) is large by nature; the warning is noise here.
  viteFinal: (config) => ({ ...config, build: { ...config.build, chunkSizeWarningLimit: 2000 } }),
};

export default config;
