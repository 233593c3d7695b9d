// The third writer, outside any browser: it changes its own lines by anchored replacement on
// the live body. Where the REST API has the version lock (Gitea ≥1.26) it reads the issue and
// PATCHes it with `content_version`, reading again after a 409. Where the API has no lock, a
// read-then-PATCH over HTTP could itself overwrite a browser's write that landed in between,
// which would be the test's own clobber; there it writes through the double's handle instead,
// whose read and write are one synchronous step and so cannot interleave with a request.
import type { BrowserContext } from '@playwright/test';
import type { ForgeDouble, PostRef, UserName } from '../forge/api';
import { applyRaceOp, type RaceOp } from './plan';
import type { OpRecord } from './tally';
import type { Progress } from './writer';

export interface IndependentWriter {
  /** How it writes, for the report. */
  readonly how: string;
  /** Applies the op to the live body and writes it; resolves once it landed. */
  write(op: RaceOp): Promise<void>;
}

const MAX_ATTEMPTS = 100;

interface ApiIssue {
  body: string;
  content_version?: number;
}

/** The issue's REST path, from its page URL (…/{owner}/{repo}/issues/{n}). */
function apiPath(issueUrl: string): string {
  const match = /\/([^/]+)\/([^/]+)\/(?:issues|pulls)\/(\d+)$/.exec(new URL(issueUrl).pathname);
  if (match === null) throw new Error(`not an issue URL: ${issueUrl}`);
  return `/api/v1/repos/${match[1]}/${match[2]}/issues/${match[3]}`;
}

function restWriter(origin: string, path: string, token: string): IndependentWriter {
  const call = (method: string, body?: unknown) =>
    fetch(`${origin}${path}`, {
      method,
      headers: { authorization: `token ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    how: 'REST API, PATCH with content_version, re-read after 409',
    async write(op) {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const read = await call('GET');
        if (!read.ok) throw new Error(`GET ${path} answered ${read.status}`);
        const live = (await read.json()) as ApiIssue;
        const patched = await call('PATCH', { body: applyRaceOp(live.body, op), content_version: live.content_version });
        if (patched.status === 409) continue;
        if (!patched.ok) throw new Error(`PATCH ${path} answered ${patched.status}: ${await patched.text()}`);
        return;
      }
      throw new Error(`the independent writer gave up after ${MAX_ATTEMPTS} refusals`);
    },
  };
}

function handleWriter(forge: ForgeDouble, post: PostRef): IndependentWriter {
  return {
    how: "the double's handle, read and write in one synchronous step (this forge's API has no lock)",
    async write(op) {
      forge.setBody(post, applyRaceOp(forge.post(post).body, op));
    },
  };
}

/** The best lossless writer the forge offers, acting as the double's `writer` account. */
export async function openIndependentWriter(forge: ForgeDouble, issue: { url: string; post: PostRef }): Promise<IndependentWriter> {
  const token = forge.apiToken('writer');
  const path = apiPath(issue.url);
  const probe = await fetch(`${forge.url}${path}`, { headers: { authorization: `token ${token}` } });
  if (!probe.ok) throw new Error(`GET ${path} answered ${probe.status}`);
  const issueJson = (await probe.json()) as ApiIssue;
  return typeof issueJson.content_version === 'number' ? restWriter(forge.url, path, token) : handleWriter(forge, issue.post);
}

/** Signs a browser context in as one of the double's accounts. */
export async function signInAs(context: BrowserContext, forge: ForgeDouble, user: UserName): Promise<void> {
  const cookie = forge.sessionCookie(user);
  const at = cookie.indexOf('=');
  await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: forge.url }]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Makes the independent writer's ops spread over the browser writers' run: op k waits until the
 * browsers have finished their share of ops before it (plus a short random pause), so its writes
 * fall between and during theirs rather than all at the start. `stop` ends the wait early when
 * a browser writer failed.
 */
export async function runIndependentWriter(
  writer: IndependentWriter,
  ops: readonly RaceOp[],
  progress: Progress,
  browserOps: number,
  stop: AbortSignal,
): Promise<OpRecord[]> {
  const records: OpRecord[] = [];
  for (const [k, op] of ops.entries()) {
    const due = Math.floor((k * browserOps) / ops.length);
    while (progress.done < due) {
      if (stop.aborted) throw new Error('the browser writers stopped');
      await sleep(10);
    }
    await sleep(Math.random() * 120);
    await writer.write(op);
    records.push({ op, outcome: 'saved', message: writer.how });
  }
  return records;
}
