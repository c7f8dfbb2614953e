import type { StorybookConfig } from '@storybook/react-vite';

/** Packages the stories and the components import (directly or through `src`). */
const STORY_DEPENDENCIES = [
  'react-markdown',
  'remark-gfm',
  'yaml',
  'zustand/vanilla',
  'unified',
  'remark-parse',
  'remark-rehype',
  'rehype-stringify',
  'streamdown',
];

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
  viteFinal: (config) => ({
    ...config,
    // Storybook's own preview bundle (docs renderer, axe) is large by nature; the warning is noise here.
    build: { ...config.build, chunkSizeWarningLimit: 2000 },
    optimizeDeps: {
      ...config.optimizeDeps,
      // Pre-bundled up front: a dependency discovered mid-run makes Vite re-optimize and reload,
      // which fails the story tests that were importing at that moment.
      include: [...(config.optimizeDeps?.include ?? []), ...STORY_DEPENDENCIES],
    },
  }),
};

export default config;
