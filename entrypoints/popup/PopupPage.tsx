import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { isBuiltInOrigin, originPattern, parseForgeOrigin } from '../../src/hosts/origins';
import {
  EditResponseSchema,
  LedgerResponseSchema,
  PageInfoSchema,
  renderLedgerEntry,
  renderResult,
  type LedgerEntry,
  type PageInfo,
  type PostTarget,
} from '../../src/protocol';
import { loadSettings, saveUserSetting, type EffectiveSettings } from '../../src/policy';

const LEDGER_SHOWN = 25;

type TabState =
  | { kind: 'loading' }
  | { kind: 'forge'; origin: string; info: PageInfo }
  | { kind: 'covered'; origin: string } // the extension runs there, but this page is no issue or PR
  | { kind: 'not-covered'; origin: string }
  | { kind: 'no-site' };

function postUrl(target: PostTarget): string {
  const issue = `${target.origin}${target.repoLink}/issues/${target.index}`;
  return target.kind === 'issue' ? issue : `${issue}#issuecomment-${target.commentId}`;
}

function ago(time: number): string {
  const seconds = Math.max(0, Math.round((Date.now() - time) / 1000));
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.round(seconds / 3600)} h ago`;
  return new Date(time).toLocaleDateString();
}

async function readTab(settings: EffectiveSettings): Promise<TabState> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  if (!tab?.url || !/^https?:/.test(tab.url)) return { kind: 'no-site' };
  const origin = new URL(tab.url).origin;
  if (tab.id !== undefined) {
    try {
      const info = PageInfoSchema.safeParse(await browser.tabs.sendMessage(tab.id, { type: 'page-info' }));
      if (info.success) return { kind: 'forge', origin, info: info.data };
    } catch {
      // No content script in that tab: the extension does not run there, or the page predates it.
    }
  }
  const granted = isBuiltInOrigin(origin) || (await browser.permissions.contains({ origins: [originPattern(origin)] }));
  return granted && (isBuiltInOrigin(origin) || settings.settings.forgeOrigins.includes(origin))
    ? { kind: 'covered', origin }
    : { kind: 'not-covered', origin };
}

function TabStatus({ state, settings, onAdded }: { state: TabState; settings: EffectiveSettings; onAdded: () => void }) {
  if (state.kind === 'loading') return <p class="hint">Looking at this tab…</p>;
  if (state.kind === 'no-site') return <p class="hint">This tab shows no web page.</p>;
  if (state.kind === 'covered') {
    return (
      <p class="hint">
        Noclobber runs on {state.origin}. Open an issue or a pull request there to edit it safely (reload pages opened before).
      </p>
    );
  }
  if (state.kind === 'not-covered') {
    const locked = settings.locked('forgeOrigins');
    const add = (): void => {
      // The permission prompt needs the click's user gesture: ask before anything awaits.
      const granted = browser.permissions.request({ origins: [originPattern(state.origin)] });
      void granted.then(async (ok) => {
        const parsed = parseForgeOrigin(state.origin);
        if (ok && parsed.ok && !settings.settings.forgeOrigins.includes(parsed.origin)) {
          await saveUserSetting('forgeOrigins', [...settings.settings.forgeOrigins, parsed.origin]);
        }
        onAdded();
      });
    };
    return (
      <div class="tab-status">
        <p>Noclobber does not run on {state.origin}.</p>
        {locked ? (
          <p class="hint">Your organisation chooses the forges it runs on.</p>
        ) : (
          <button type="button" onClick={add}>
            Run on this forge
          </button>
        )}
      </div>
    );
  }
  const { info } = state;
  const forgeName = info.forge === 'forgejo' ? 'Forgejo' : info.forge === 'gitea' ? 'Gitea' : 'Gitea or Forgejo';
  const locked = info.posts > 0 && info.lockedPosts === info.posts;
  return (
    <div class="tab-status" aria-label="This page">
      <strong>
        {forgeName}
        {info.forgeVersion ? ` ${info.forgeVersion}` : ''}
      </strong>
      {!info.active ? <p class="hint">Idle here: the forge's own edit controls are in use (setting "The forge's own edit controls").</p> : null}
      <dl>
        <dt>Edit lock</dt>
        <dd>
          {locked ? (
            <span class="lock-yes">Yes: every write is compare-and-swap</span>
          ) : settings.settings.requireVersionLock ? (
            <span class="lock-no">No: writes are refused (policy requires a lock)</span>
          ) : (
            <span class="lock-no">No: checked before writing, but last write wins</span>
          )}
        </dd>
        <dt>Posts</dt>
        <dd>
          {info.posts} on this page, {info.editablePosts} you may edit
        </dd>
        <dt>Session token</dt>
        <dd>{info.csrfToken ? 'CSRF token (older forge)' : 'none needed'}</dd>
      </dl>
    </div>
  );
}

function Ledger({ entries, onUndone }: { entries: LedgerEntry[]; onUndone: (line: string) => void }) {
  if (entries.length === 0) return <p class="hint">No edits yet. Ticks, edits and appends you make appear here.</p>;
  const undo = async (entry: LedgerEntry): Promise<void> => {
    const answer = EditResponseSchema.safeParse(await browser.runtime.sendMessage({ type: 'undo', entryId: entry.id }));
    if (!answer.success) onUndone('The background did not answer as expected.');
    else if ('verb' in answer.data) onUndone(renderResult(answer.data));
    else onUndone(answer.data.detail);
  };
  return (
    <ul class="ledger" aria-label="Recent edits">
      {entries.map((entry) => (
        <li key={entry.id}>
          <div class="entry">
            <span class="summary">{renderLedgerEntry(entry)}</span>
            <span class="meta">
              <a href={postUrl(entry.target)} target="_blank" rel="noreferrer">
                {entry.target.repoLink.slice(1)}#{entry.target.index}
              </a>{' '}
              · {ago(entry.time)}
            </span>
          </div>
          {entry.undoneBy === null && entry.verb !== 'undo' ? (
            <button type="button" class="secondary" aria-label={`Undo: ${renderLedgerEntry(entry)}`} onClick={() => void undo(entry)}>
              Undo
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function PopupPage() {
  const [settings, setSettings] = useState<EffectiveSettings | null>(null);
  const [tab, setTab] = useState<TabState>({ kind: 'loading' });
  const [entries, setEntries] = useState<LedgerEntry[] | null>(null);
  const [result, setResult] = useState<string | null>(null);

  const refresh = async (): Promise<void> => {
    const effective = await loadSettings();
    setSettings(effective);
    setTab(await readTab(effective));
    const ledger = LedgerResponseSchema.safeParse(await browser.runtime.sendMessage({ type: 'ledger', limit: LEDGER_SHOWN }));
    setEntries(ledger.success && ledger.data.ok ? ledger.data.entries : []);
  };
  useEffect(() => {
    void refresh();
  }, []);

  return (
    <main>
      <header>
        <h1>
          <img src="/icon/32.png" alt="" width={20} height={20} />
          Noclobber
        </h1>
        <a href={browser.runtime.getURL('/options.html')} target="_blank" rel="noreferrer">
          Settings
        </a>
      </header>
      {settings ? <TabStatus state={tab} settings={settings} onAdded={() => void refresh()} /> : null}
      {settings && settings.notices.length > 0 ? (
        <p class="hint" role="alert">
          Some policy values were ignored; see Settings.
        </p>
      ) : null}
      <h2>Recent edits</h2>
      {entries === null ? (
        <p class="hint">Loading…</p>
      ) : (
        <Ledger
          entries={entries}
          onUndone={(line) => {
            setResult(line);
            void refresh();
          }}
        />
      )}
      {result ? (
        <p class="result" role="status">
          {result}
        </p>
      ) : null}
    </main>
  );
}
