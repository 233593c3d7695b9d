// Writes public/managed-schema.json from the settings table in src/policy/settings.ts.
import { writeFileSync } from 'node:fs';
import { buildManagedSchema } from '../src/policy/managed-schema';

writeFileSync(new URL('../public/managed-schema.json', import.meta.url), `${JSON.stringify(buildManagedSchema(), null, 2)}\n`);
