import * as z from 'zod/mini';
import { ORIGIN_PATTERN } from '../protocol/post-target';

// Every setting of the extension, in one table: its validation, its default, and the text an
// administrator reads in the managed-policy schema. The managed schema (public/managed-schema.json)
// is checked against this table by a test, so the two cannot drift apart.

export const OP_KINDS = ['task-toggle', 'patch', 'section-replace', 'append'] as const;
export type OpKind = (typeof OP_KINDS)[number];

const SECTION_PREFIX = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;


interface SettingSpec<S extends z.ZodMiniType> {
  schema: S;
  default: z.infer<S>;
  /** The JSON type Chrome's managed-storage schema declares for the key. */
  chromeSchema: Record<string, unknown>;
  title: string;
  description: string;
}

function spec<S extends z.ZodMiniType>(s: SettingSpec<S>): SettingSpec<S> {
  return s;
}

export const SETTINGS = {
  forgeOrigins: spec({
    schema: z.array(z.string().check(z.regex(ORIGIN_PATTERN))),
    default: [] as string[],
    chromeSchema: { type: 'array', items: { type: 'string' } },
    title: 'Forge origins',
    description:
      'Origins of the Gitea or Forgejo servers the extension runs on, such as "https://git.example.org". Each origin still needs its host permission, granted on the options page or by force-install.',
  }),
  lockSettings: spec({
    schema: z.boolean(),
    default: false,
    chromeSchema: { type: 'boolean' },
    title: 'Lock every setting',
    description:
      'When true, users cannot change any setting on the options page, including those this policy does not set.',
  }),
  nativeEdit: spec({
    schema: z.enum(['replace', 'off']),
    default: 'replace' as 'replace' | 'off',
    chromeSchema: { type: 'string', enum: ['replace', 'off'] },
    title: "The forge's own edit controls",
    description:
      '"replace": the forge\'s whole-body Edit save and checkbox widget are replaced by anchored edits. "off": the extension stays idle and the forge behaves as it does without it.',
  }),
  allowedOps: spec({
    schema: z.array(z.enum(OP_KINDS)),
    default: [...OP_KINDS] as OpKind[],
    chromeSchema: { type: 'array', items: { type: 'string', enum: [...OP_KINDS] } },
    title: 'Allowed edits',
    description:
      'Which anchored edits users may make: "task-toggle" (set a checkbox), "patch" (edit text, the editor), "section-replace" (rewrite or add a named section), "append" (add to the end). Controls for other edits are hidden and the background refuses them.',
  }),
  requireVersionLock: spec({
    schema: z.boolean(),
    default: false,
    chromeSchema: { type: 'boolean' },
    title: 'Require the version lock',
    description:
      'When true, nothing is written to forges without an optimistic lock (Gitea 1.22 and older, Forgejo 7 and older). When false, such forges get a compare-then-write with a warning. Defaults to true whenever a managed policy is present.',
  }),
  requireReviewBeforeWrite: spec({
    schema: z.boolean(),
    default: false,
    chromeSchema: { type: 'boolean' },
    title: 'Review before every write',
    description:
      'When true, every edit except a checkbox tick shows the diff it will make and asks for confirmation before it is written.',
  }),
  sectionPrefix: spec({
    schema: z.string().check(z.regex(SECTION_PREFIX)),
    default: 'madtea',
    chromeSchema: { type: 'string' },
    title: 'Section marker prefix',
    description:
      'The prefix of section markers, as in <!-- PREFIX:section:NAME -->. Letters, digits, "_", "." and "-", starting with a letter or digit.',
  }),
  maxBodyBytes: spec({
    schema: z.int().check(z.minimum(1), z.maximum(16 * 1024 * 1024)),
    default: 1024 * 1024,
    chromeSchema: { type: 'integer', minimum: 1, maximum: 16 * 1024 * 1024 },
    title: 'Largest body written',
    description: 'Edits whose resulting body is larger than this many UTF-8 bytes are refused before anything is written.',
  }),
} as const;

export type SettingKey = keyof typeof SETTINGS;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export type Settings = { -readonly [K in SettingKey]: z.infer<(typeof SETTINGS)[K]['schema']> };

export function defaultSettings(): Settings {
  const out: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) out[key] = structuredClone(SETTINGS[key].default);
  return out as Settings;
}

export function isSettingKey(key: string): key is SettingKey {
  return Object.prototype.hasOwnProperty.call(SETTINGS, key);
}
