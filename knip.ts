import type { KnipConfig } from 'knip';

// Dead files, unused exports and unused dependencies (`npm run lint`). Knip follows imports from the
// entry points below; its vitest, playwright and rspack plugins add the tests, the e2e specs, the configs
// and the host's server and browser entry points (host/server/main.ts, host/web/main.tsx, from rspack.config.ts).
const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: [
        // Each plugin as the host loads it: its manifest, its server part and its web part.
        'plugins/*/manifest.ts',
        'plugins/*/{server,web}/index.ts',
        // The SDK's entry points are API for plugins outside this repository: what they export is used.
        'core/sdk/*.ts',
        // The SDK package's `erp-plugin` command and the config and set-up it runs a plugin's tests with.
        'core/sdk/plugin-kit/{cli.mjs,test-setup.ts,vitest.config.ts}',
        'scripts/**/*.{ts,tsx,mjs}',
        // `npm run screens` runs playwright with this config, apart from the e2e suite.
        'e2e/screens.{config,shots}.ts',
      ],
      project: ['**/*.{ts,tsx,mjs,js}'],
      // Plugins built elsewhere, kept as files the tests load; they are not this tree's code.
      ignore: ['tests/fixtures/**'],
      // e2e/support/axe.ts reads axe-core's file by its resolved path and injects it into the page.
      ignoreDependencies: ['axe-core'],
      // The PostgreSQL and e2e stages install Debian's packages when run as root.
      ignoreBinaries: ['apt-get'],
    },
    // The example plugin, built apart from the host against the packed SDK (its own package.json).
    'examples/notes-plugin': {
      entry: ['manifest.ts', '{server,web}/index.ts', 'tests/**/*.test.{ts,tsx}'],
      project: ['**/*.{ts,tsx}'],
      // The packed SDK's command: its node_modules exist only once `npm run example:build` has installed them.
      ignoreBinaries: ['erp-plugin'],
    },
  },
  // An export its own file also uses is not dead code, only visible wider than needed: left alone.
  ignoreExportsUsedInFile: true,
};

export default config;
