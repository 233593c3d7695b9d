import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';

// The extension runs on Gitea and Forgejo pages. Loopback hosts are listed so the forge
// double (tests, demo) works out of the box; other forges are added at runtime from the
// options page through the optional host permission, or by policy.
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  vite: () => ({
    plugins: [preact()],
  }),
  zip: {
    // The sources package (for store review) holds what builds the extension, not test output.
    excludeSources: ['e2e/artifacts/**', 'test-results/**', 'playwright-report/**', 'docs/screenshots/**'],
  },
  manifest: ({ browser }) => ({
    name: 'Noclobber',
    description:
      "Anchored, conflict-safe edits for Gitea and Forgejo: tick one box, patch one span, rewrite one section, never overwrite someone else's change.",
    permissions: ['storage', 'scripting', 'activeTab'],
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    // Chrome validates managed policy against this schema; Firefox reads the same keys from
    // policies.json ("3rdparty" → "Extensions" → the gecko id) and has no schema key.
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'noclobber@noclobber.dev',
              strict_min_version: '140.0',
              // The extension sends nothing anywhere but to the forge the user is on.
              data_collection_permissions: { required: ['none'] },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : { storage: { managed_schema: 'managed-schema.json' } }),
  }),
});
