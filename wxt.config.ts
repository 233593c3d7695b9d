import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';

// The extension runs on Gitea and Forgejo pages. Loopback hosts are listed so the forge
// double (tests, demo) works out of the box; other forges are added at runtime from the
// options page through the optional host permission.
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  vite: () => ({
    plugins: [preact()],
  }),
  manifest: {
    name: 'Noclobber',
    description:
      "Anchored, conflict-safe edits for Gitea and Forgejo: tick one box, patch one span, rewrite one section, never overwrite someone else's change.",
    permissions: ['storage', 'scripting'],
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
  },
});
