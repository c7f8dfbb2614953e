/// <reference types="vitest/config" />
import { chmod, readFile } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { configDefaults, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import chromiumLaunch from './test/support/chromium.json' with { type: 'json' };

const root = fileURLToPath(new URL('.', import.meta.url));

// ---------------------------------------------------------------------------------------------
// Library build
// ---------------------------------------------------------------------------------------------

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
const runtimePackages = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies });
const nodeBuiltins = new Set(builtinModules);

/** Dependencies, peer dependencies (with subpaths such as `react/jsx-runtime`) and Node builtins stay imports. */
function isExternal(id: string): boolean {
  if (id.startsWith('node:') || nodeBuiltins.has(id)) return true;
  return runtimePackages.some((name) => id === name || id.startsWith(`${name}/`));
}

/**
 * Library-build-only assets: emits `dist/styles.css` from `src/styles.css` and makes
 * `dist/cli.js` executable. Inactive in every other Vite run (dev, tests, Storybook, which drops
 * `build.lib`).
 */
function libraryAssets(): Plugin {
  return {
    name: 'tool-transcript:library-assets',
    apply: (config, { command }) => command === 'build' && Boolean(config.build?.lib),
    async generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'styles.css',
        source: await readFile(join(root, 'src/styles.css'), 'utf8'),
      });
    },
    async writeBundle(options, bundle) {
      if (options.dir && 'cli.js' in bundle) await chmod(join(options.dir, 'cli.js'), 0o755);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Tests: one Vitest project per folder that has test files
// ---------------------------------------------------------------------------------------------

/** Files under `dir` (relative to the project root, recursive) whose path matches `pattern`. */
function hasFiles(dir: string, pattern: RegExp, skip: readonly string[] = []): boolean {
  const abs = join(root, dir);
  if (!existsSync(abs)) return false;
  return readdirSync(abs, { recursive: true, encoding: 'utf8' }).some((file) => {
    const path = file.split('\\').join('/');
    return pattern.test(path) && !skip.some((prefix) => path.startsWith(prefix));
  });
}

/**
 * Browser-mode options in the machine's Debian Chromium (no browser download). A fresh object per
 * project: Vitest mutates it, and a shared one leaks one project's name into another.
 */
function chromiumBrowser() {
  return {
    enabled: true,
    headless: true,
    provider: playwright({
      launchOptions: {
        executablePath: chromiumLaunch.executablePath,
        args: [...chromiumLaunch.args],
      },
    }),
    instances: [{ browser: 'chromium' as const }],
  };
}

const projects: TestProjectInlineConfiguration[] = [];

/**
 * Per-test timeout of the Node and jsdom projects. Vitest's 5 s default is for unit tests; here many
 * tests run hundreds of property cases, each at every split, and a few of them took 6–7 s on this
 * 2-core machine while other work ran beside them (under 2 s alone). A hang still fails.
 */
const TEST_TIMEOUT_MS = 30_000;

// node: core, syntaxes, stream, remark, CLI — everything in test/ except react/ and browser/.
if (hasFiles('test', /\.test\.ts$/, ['browser/', 'react/'])) {
  projects.push({
    extends: true,
    test: {
      name: 'node',
      environment: 'node',
      testTimeout: TEST_TIMEOUT_MS,
      include: ['test/**/*.test.ts'],
      setupFiles: ['test/support/fast-check-seed.ts', 'test/support/property-cases.ts'],
      exclude: [...configDefaults.exclude, 'test/browser/**', 'test/react/**'],
    },
  });
}

// jsdom: React components rendered with @testing-library/react.
if (hasFiles('test/react', /\.test\.tsx?$/)) {
  projects.push({
    extends: true,
    test: {
      name: 'jsdom',
      environment: 'jsdom',
      testTimeout: TEST_TIMEOUT_MS,
      include: ['test/react/**/*.test.{ts,tsx}'],
      setupFiles: ['test/support/fast-check-seed.ts', 'test/support/property-cases.ts'],
    },
  });
}

// browser: real Chromium (layout, CSS, streaming rendering).
if (hasFiles('test/browser', /\.test\.tsx?$/)) {
  projects.push({
    extends: true,
    test: {
      name: 'browser',
      include: ['test/browser/**/*.test.{ts,tsx}'],
      browser: chromiumBrowser(),
    },
  });
}

// storybook: every story (and its play function, and the a11y check) in the same Chromium.
if (hasFiles('stories', /\.stories\.tsx$/)) {
  projects.push({
    extends: true,
    plugins: [storybookTest({ configDir: join(root, '.storybook') })],
    test: {
      name: 'storybook',
      browser: chromiumBrowser(),
    },
  });
}

export default defineConfig({
  plugins: [react(), libraryAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    copyPublicDir: false,
    minify: false,
    target: 'es2022',
    lib: {
      entry: {
        index: 'src/index.ts',
        lite: 'src/lite/index.ts',
        remark: 'src/remark/index.ts',
        react: 'src/react/index.ts',
        'react/lite': 'src/react/lite.ts',
        store: 'src/store/index.ts',
        'store/lite': 'src/store/lite.ts',
        ai: 'src/ai/index.ts',
        cli: 'src/cli/index.ts',
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external: isExternal,
      output: {
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        // The command's shebang; and the React entries are client code for React Server Components
        // frameworks (Next.js): their files must start with the "use client" directive.
        banner: (chunk) => (!chunk.isEntry ? '' : chunk.name === 'cli' ? '#!/usr/bin/env node' : chunk.name.startsWith('react') ? '"use client";' : ''),
      },
    },
  },
  test: {
    passWithNoTests: false,
    // The second adds up the fast-check cases of the run (PROPERTY_BUDGET=<n> makes it a floor).
    reporters: ['default', './test/support/property-budget-reporter.ts'],
    projects,
  },
});
