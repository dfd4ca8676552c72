import { pino } from 'pino';
import { Registry } from 'prom-client';
import { defaultIdentityTimes } from '../src/modules/identity/identity.settings.ts';
import { composeModules } from '../src/modules/index.ts';
import type { Database } from '../src/platform/db.ts';

/** Every resource and function the modules declare to the data API, as serve composes them. */
export async function declaredByModules(db: Database) {
  const { dataApi } = await composeModules(
    { db, log: pino({ level: 'silent' }), metrics: new Registry() },
    {
      identity: {
        ...defaultIdentityTimes,
        secretKey: 'declared-secret-'.repeat(4),
        secureCookies: false,
      },
      edition: 'full',
      localProperties: [],
    },
  );
  return dataApi.declared;
}
