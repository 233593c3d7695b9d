// `npm run demo [-- --profile gitea-1.26] [--port 3000] [--no-build] [--user owner]`
//
// Starts the forge double with the sample issues, signed in as the chosen user, builds the
// extension and, when a display is available, opens Chromium with it loaded at the sample
// issue. Without a display it prints the URLs and how to load the extension by hand. It keeps
// serving until Ctrl-C.

import type { ChildProcess } from 'node:child_process';
import type { ForgeDouble, ProfileName, UserName } from './api';
import { buildExtension, EXTENSION_DIR, launchChromium } from './launch';
import { PROFILE_NAMES, profileByName } from './profiles';
import { seedSamples } from './samples';
import { startForge } from './server';
import { isUserName, PASSWORD_SUFFIX } from './users';

interface DemoOptions {
  profile: ProfileName;
  port: number;
  build: boolean;
  user: UserName;
}

const USAGE = `Usage: npm run demo -- [--profile NAME] [--port N] [--no-build] [--user NAME]
  --profile  one of ${PROFILE_NAMES.join(', ')} (default gitea-1.26)
  --port     port on 127.0.0.1 (default 3000; 0 picks a free one)
  --no-build skip "npx wxt build" and use the existing .output/chrome-mv3
  --user     owner, writer, reader or outsider (default owner)`;

function parseArgs(argv: string[]): DemoOptions {
  const options: DemoOptions = { profile: 'gitea-1.26', port: 3000, build: true, user: 'owner' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    if (flag === '--profile') options.profile = profileByName(value()).name;
    else if (flag === '--port') {
      const port = Number(value());
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0–65535\n${USAGE}`);
      options.port = port;
    } else if (flag === '--no-build') options.build = false;
    else if (flag === '--user') {
      const user = value();
      if (!isUserName(user)) throw new Error(`--user must be owner, writer, reader or outsider\n${USAGE}`);
      options.user = user;
    } else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  return options;
}

async function startOnPreferredPort(options: DemoOptions): Promise<ForgeDouble> {
  try {
    return await startForge({ profile: options.profile, port: options.port });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    console.log(`Port ${options.port} is taken; using a free port instead.`);
    return startForge({ profile: options.profile, port: 0 });
  }
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const double = await startOnPreferredPort(options);
  const samples = seedSamples(double);
  const signIn = (path: string) => `${double.url}/-/double/login-as?user=${options.user}&redirect=${encodeURIComponent(path)}`;
  const issuePath = new URL(samples.issue.url).pathname;

  console.log(`Forge double (${double.profile}) listening on ${double.url}`);
  console.log(`  sample issue:        ${samples.issue.url}`);
  console.log(`  sample pull request: ${samples.pull.url}`);
  console.log(`  front matter issue:  ${samples.frontMatterIssue.url}`);
  console.log(`  sign in as ${options.user}:     ${signIn(issuePath)}`);
  console.log(`  (or at ${double.url}/user/login with a user name and password "<name>${PASSWORD_SUFFIX}")`);

  if (options.build) {
    console.log('Building the extension (npx wxt build)…');
    await buildExtension();
  }

  let browser: ChildProcess | null = null;
  if (process.env.DISPLAY) {
    browser = launchChromium(signIn(issuePath));
    browser.on('exit', () => console.log('Chromium closed; the double keeps serving until Ctrl-C.'));
    console.log('Chromium started with the extension loaded.');
  } else {
    console.log(`No display ($DISPLAY is not set). To try the extension by hand:
  1. In Chromium or Chrome open chrome://extensions and switch on "Developer mode".
  2. Click "Load unpacked" and choose ${EXTENSION_DIR}
  3. Open ${signIn(issuePath)}`);
  }
  console.log('Press Ctrl-C to stop.');

  const stop = async () => {
    browser?.kill();
    await double.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
