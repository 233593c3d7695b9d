import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';

// The harness every other spec stands on: the built extension loads into Debian Chromium,
// its service worker starts, and its content script runs on a page served from loopback.
let server: Server;
let origin: string;

test.beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html><head><title>plain page</title></head><body><p>hello</p></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('the service worker of the built extension starts', async ({ serviceWorker, extensionId }) => {
  expect(extensionId).toMatch(/^[a-p]{32}$/);
  const manifest = await serviceWorker.evaluate(() => chrome.runtime.getManifest());
  expect(manifest.name).toBe('Noclobber');
  expect(manifest.manifest_version).toBe(3);
});

test('the content script runs on a page served from loopback', async ({ context }) => {
  const page = await context.newPage();
  await page.goto(`${origin}/owner/repo/issues/1`);
  await expect(page.locator('html')).toHaveAttribute('data-noclobber', 'ready');
});
