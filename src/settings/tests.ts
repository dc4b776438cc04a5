// Read by the test suite and its scripts (outside src/), declared here so that docs/CONFIG.md lists them from one place.

import { setting } from './setting.ts';

export const testSettings = {
  testPg: setting({
    env: 'AISPM_TEST_PG',
    type: 'string',
    default: 'postgres://postgres@127.0.0.1:5432/postgres',
    doc: 'The PostgreSQL server the test suite creates its databases on.',
  }),
  testRedis: setting({
    env: 'AISPM_TEST_REDIS',
    type: 'string',
    default: 'redis://127.0.0.1:6379',
    doc: 'The Redis the rate-limit suite shares counters through (two replicas of the app).',
  }),
  fuzzRuns: setting({
    env: 'AISPM_FUZZ_RUNS',
    type: 'integer',
    default: 6000,
    doc: 'Requests the hostile-input suite generates per engine (12,000 a run; see SECURITY.md).',
  }),
  fuzzSeed: setting({
    env: 'AISPM_FUZZ_SEED',
    type: 'string',
    default: '20260815',
    doc: 'Seed of the hostile-input generator; `random` explores new cases each run (the failing seed is printed).',
  }),
  chromium: setting({
    env: 'AISPM_CHROMIUM',
    type: 'string',
    default: '',
    shown: "the system's (`/usr/bin/chromium`, `chromium-browser`, `google-chrome`), else Debian's installed by `npm test`",
    doc: 'The Chromium the browser tests drive.',
  }),
};
