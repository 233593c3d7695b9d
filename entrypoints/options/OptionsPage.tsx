import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { isBuiltInOrigin, originPattern, parseForgeOrigin } from '../../src/hosts/origins';
import {
  OP_KINDS,
  SETTINGS,
  loadSettings,
  saveUserSetting,
  watchSettings,
  type EffectiveSettings,
  type OpKind,
  type SettingKey,
  type Settings,
} from '../../src/policy';

const OP_LABELS: Record<OpKind, string> = {
  'task-toggle': 'Tick and untick checkboxes',
  patch: 'Edit text (the editor)',
  'section-replace': 'Rewrite or add named sections',
  append: 'Add to the end',
};

function ManagedBadge({ show }: { show: boolean }) {
  return show ? <span class="badge" title="This setting is locked by your organisation's policy">Set by your organisation</span> : null;
}

function useEffectiveSettings(): EffectiveSettings | null {
  const [effective, setEffective] = useState<EffectiveSettings | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void loadSettings().then(setEffective);
    watchSettings(setEffective, controller.signal);
    return () => controller.abort();
  }, []);
  return effective;
}

function useGrantedOrigins(): [Set<string>, () => void] {
  const [granted, setGranted] = useState(new Set<string>());
  const refresh = (): void => {
    void browser.permissions.getAll().then((all) => setGranted(new Set(all.origins ?? [])));
  };
  useEffect(() => {
    refresh();
    browser.permissions.onAdded.addListener(refresh);
    browser.permissions.onRemoved.addListener(refresh);
    return () => {
      browser.permissions.onAdded.removeListener(refresh);
      browser.permissions.onRemoved.removeListener(refresh);
    };
  }, []);
  return [granted, refresh];
}

function ForgeList({ effective }: { effective: EffectiveSettings }) {
  const [granted, refresh] = useGrantedOrigins();
  const [draft, setDraft] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const origins = effective.settings.forgeOrigins;
  const locked = effective.locked('forgeOrigins');

  // The permission prompt needs the click's user gesture, so it is asked for before anything awaits.
  const grant = (origin: string): Promise<boolean> => browser.permissions.request({ origins: [originPattern(origin)] });

  const add = async (event: Event): Promise<void> => {
    event.preventDefault();
    const parsed = parseForgeOrigin(draft);
    if (!parsed.ok) {
      setMessage(parsed.reason);
      return;
    }
    const allowed = isBuiltInOrigin(parsed.origin) ? Promise.resolve(true) : grant(parsed.origin);
    const saved = origins.includes(parsed.origin)
      ? { ok: true as const }
      : await saveUserSetting('forgeOrigins', [...origins, parsed.origin]);
    if (!saved.ok) {
      setMessage(saved.reason);
      return;
    }
    setDraft('');
    setMessage((await allowed) ? `Noclobber now runs on ${parsed.origin}.` : `Added ${parsed.origin}; it runs there once you grant access.`);
    refresh();
  };

  const remove = async (origin: string): Promise<void> => {
    const saved = await saveUserSetting('forgeOrigins', origins.filter((o) => o !== origin));
    if (!saved.ok) setMessage(saved.reason);
    else if (!isBuiltInOrigin(origin)) await browser.permissions.remove({ origins: [originPattern(origin)] });
    refresh();
  };

  return (
    <section aria-labelledby="forges-heading">
      <h2 id="forges-heading">
        Forges <ManagedBadge show={locked} />
      </h2>
      <p class="hint">
        Noclobber runs on Gitea and Forgejo servers you list here. Pages on <code>localhost</code> and <code>127.0.0.1</code> are always covered.
      </p>
      {origins.length === 0 ? <p class="empty">No forge added yet.</p> : null}
      <ul class="forge-list">
        {origins.map((origin) => {
          const ok = isBuiltInOrigin(origin) || granted.has(originPattern(origin));
          return (
            <li key={origin}>
              <span class="origin">{origin}</span>
              <span class={ok ? 'status ok' : 'status missing'}>{ok ? 'Active' : 'Needs access'}</span>
              {!ok ? (
                <button type="button" onClick={() => void grant(origin).then(refresh)}>
                  Grant access
                </button>
              ) : null}
              {!locked ? (
                <button type="button" class="secondary" aria-label={`Remove ${origin}`} onClick={() => void remove(origin)}>
                  Remove
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {!locked ? (
        <form class="add-forge" onSubmit={(event) => void add(event)}>
          <label for="forge-url">Add a forge</label>
          <input
            id="forge-url"
            type="text"
            inputMode="url"
            placeholder="https://git.example.org"
            value={draft}
            onInput={(event) => setDraft((event.target as HTMLInputElement).value)}
          />
          <button type="submit">Add and grant access</button>
        </form>
      ) : null}
      {message ? (
        <p class="message" role="status">
          {message}
        </p>
      ) : null}
    </section>
  );
}

function SettingRow({ name, locked, children }: { name: SettingKey; locked: boolean; children: preact.ComponentChildren }) {
  return (
    <div class={locked ? 'setting locked' : 'setting'}>
      <div class="setting-text">
        <span class="setting-title" id={`${name}-title`}>
          {SETTINGS[name].title} <ManagedBadge show={locked} />
        </span>
        <span class="setting-description" id={`${name}-description`}>
          {SETTINGS[name].description}
        </span>
      </div>
      <div class="setting-control">{children}</div>
    </div>
  );
}

function SettingsForm({ effective }: { effective: EffectiveSettings }) {
  const [error, setError] = useState<string | null>(null);
  const { settings } = effective;
  const save = <K extends SettingKey>(key: K, value: Settings[K]): void => {
    void saveUserSetting(key, value).then((result) => setError(result.ok ? null : result.reason));
  };
  const aria = (key: SettingKey) => ({ 'aria-labelledby': `${key}-title`, 'aria-describedby': `${key}-description`, disabled: effective.locked(key) });
  const toggle = (key: 'requireVersionLock' | 'requireReviewBeforeWrite') => (
    <SettingRow name={key} locked={effective.locked(key)}>
      <input type="checkbox" checked={settings[key]} {...aria(key)} onChange={(e) => save(key, (e.target as HTMLInputElement).checked)} />
    </SettingRow>
  );
  return (
    <section aria-labelledby="settings-heading">
      <h2 id="settings-heading">Editing</h2>
      <SettingRow name="nativeEdit" locked={effective.locked('nativeEdit')}>
        <select {...aria('nativeEdit')} value={settings.nativeEdit} onChange={(e) => save('nativeEdit', (e.target as HTMLSelectElement).value as Settings['nativeEdit'])}>
          <option value="replace">Replace with anchored edits</option>
          <option value="off">Off: leave the forge as it is</option>
        </select>
      </SettingRow>
      <SettingRow name="allowedOps" locked={effective.locked('allowedOps')}>
        <fieldset class="ops" disabled={effective.locked('allowedOps')} aria-labelledby="allowedOps-title">
          {OP_KINDS.map((kind) => (
            <label key={kind}>
              <input
                type="checkbox"
                checked={settings.allowedOps.includes(kind)}
                onChange={(e) => {
                  const on = (e.target as HTMLInputElement).checked;
                  save('allowedOps', OP_KINDS.filter((k) => (k === kind ? on : settings.allowedOps.includes(k))));
                }}
              />
              {OP_LABELS[kind]}
            </label>
          ))}
        </fieldset>
      </SettingRow>
      {toggle('requireVersionLock')}
      {toggle('requireReviewBeforeWrite')}
      <SettingRow name="sectionPrefix" locked={effective.locked('sectionPrefix')}>
        <input type="text" value={settings.sectionPrefix} {...aria('sectionPrefix')} onChange={(e) => save('sectionPrefix', (e.target as HTMLInputElement).value)} />
      </SettingRow>
      <SettingRow name="maxBodyBytes" locked={effective.locked('maxBodyBytes')}>
        <input type="number" min={1} value={settings.maxBodyBytes} {...aria('maxBodyBytes')} onChange={(e) => save('maxBodyBytes', Number((e.target as HTMLInputElement).value))} />
      </SettingRow>
      {error ? (
        <p class="message error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

export function OptionsPage() {
  const effective = useEffectiveSettings();
  if (!effective) return <main aria-busy="true" />;
  return (
    <main>
      <header>
        <img src="/icon/48.png" alt="" width={32} height={32} />
        <h1>Noclobber</h1>
      </header>
      {effective.notices.length > 0 ? (
        <div class="notices" role="alert">
          <strong>Some policy values were ignored.</strong>
          <ul>
            {effective.notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {effective.settings.lockSettings ? <p class="banner">Your organisation manages these settings.</p> : null}
      <ForgeList effective={effective} />
      <SettingsForm effective={effective} />
    </main>
  );
}
