import { fileURLToPath } from 'node:url';

/** Where `wxt build` writes the Chrome MV3 extension. */
export const extensionPath = fileURLToPath(new URL('../.output/chrome-mv3', import.meta.url));

/** Debian's Chromium; Playwright cannot download its own browsers on these machines. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that let Chromium run headless here without reaching for the network. */
export function chromiumBaseArgs(headless: boolean): string[] {
  return [
    ...(headless ? ['--headless=new'] : []),
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
}

/** The base flags plus the ones that load the built extension (and no other). */
export function chromiumArgs(extensionDir: string, headless: boolean): string[] {
  return [...chromiumBaseArgs(headless), `--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`];
}
