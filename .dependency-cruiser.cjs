// The import rules of src/ (docs/ARCHITECTURE.md): layers from the bottom up, never the other way.
//
//   catalog/      what the domain is: kinds, columns, edges, rules. Imports nothing of ours.
//   config.ts     settings (declared in settings/); imports nothing of ours but the catalogue.
//   platform/     what every area uses: db (engines, templates, paging, migrations), auth (tokens),
//                 http (app, errors, limits, metrics), lists (the one list declaration and handler),
//                 jobs (the durable background job table and its worker loop).
//   ingest/       parsing and validation of records, and the batch runner that calls the writers it
//                 is given. Knows no area, but for the span reading of telemetry (below).
//   areas/<area>/ routes, reads and writes of one concern. May use another area, never in a cycle.
//                 areas/telemetry/ keeps its span reading (otlp/, dialects/, discovery/) pure: it
//                 imports only itself, the catalogue and ingest's records, so the body worker
//                 (ingest/body-thread.ts) can run it beside CycloneDX and SARIF.
//   entry         cli.ts and cli/ (the command tree), server.ts, compose.ts (the one wiring module),
//                 cluster.ts, demo/.
//   client/       the published HTTP client, which the CLI's queries use: speaks to the service over
//                 HTTP only (it reads the catalogue and shares the CSV writer).
//   scan/         static discovery (`aispm scan`): a client of the service like client/, which it
//                 sends its records through; reads the catalogue, knows nothing of the service's inside.
//
// Checked in CI (`npm run lint`), so a wrong-way import fails the build instead of waiting for review.

const entry = '^src/(cli|server|compose|cluster)[.]ts$|^src/cli/|^src/demo/';
/** The pure part of telemetry: OTLP decoding, the dialects, discovery (docs/ARCHITECTURE.md). */
const spanReading = '^src/areas/telemetry/(otlp|dialects|discovery)/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles', severity: 'error', comment: 'Modules must not import each other in a circle (interfaces naming each other in types only are not a cycle at run time).',
      from: { path: '^src/' }, to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'catalog-is-the-bottom', severity: 'error', comment: 'The catalogue declares the domain and imports nothing of ours.',
      from: { path: '^src/catalog/' }, to: { path: '^src/', pathNot: '^src/catalog/' },
    },
    {
      name: 'config-is-a-leaf', severity: 'error', comment: 'Settings (config.ts and the declarations of settings/) import nothing of ours but the catalogue.',
      from: { path: '^src/(config[.]ts$|settings/)' }, to: { path: '^src/', pathNot: '^src/(catalog/|settings/|config[.]ts$)' },
    },
    {
      name: 'platform-knows-no-area', severity: 'error', comment: 'The platform serves every area and names none of them.',
      from: { path: '^src/platform/' }, to: { path: '^src/', pathNot: '^src/(platform|catalog)/|^src/config[.]ts$' },
    },
    {
      name: 'db-below-http', severity: 'error', comment: 'The database layer knows nothing of HTTP, tokens or lists.',
      from: { path: '^src/platform/db/' }, to: { path: '^src/platform/(http|lists|auth)/' },
    },
    {
      name: 'jobs-below-http', severity: 'error', comment: 'The job runner works on the database alone: it knows nothing of HTTP, tokens or lists, and they know nothing of it.',
      from: { path: '^src/platform/jobs/' }, to: { path: '^src/platform/(http|lists|auth)/' },
    },
    {
      name: 'auth-below-http', severity: 'error', comment: 'Tokens are stored below the HTTP layer that checks them.',
      from: { path: '^src/platform/auth/' }, to: { path: '^src/platform/(http|lists)/' },
    },
    {
      name: 'http-below-lists', severity: 'error', comment: 'The HTTP app is below the list machinery built on it.',
      from: { path: '^src/platform/http/' }, to: { path: '^src/platform/lists/' },
    },
    {
      name: 'ingest-knows-no-area', severity: 'error',
      comment: "Ingest parses and runs the writers it is given; it names no area and no HTTP. The body worker runs telemetry's pure span reading (the next rule keeps it pure); its threads' entries load the bundled packages as the command does.",
      from: { path: '^src/ingest/' },
      to: { path: '^src/', pathNot: `^src/(ingest|catalog)/|^src/platform/(db/|values[.]ts$|json-depth[.]ts$|errors[.]ts$|bundled-packages[.]ts$)|^src/config[.]ts$|${spanReading}` },
    },
    {
      name: 'span-reading-is-pure', severity: 'error',
      comment: 'Decoding OTLP, reading spans in their dialects and discovering objects in them is CPU work on values, run in the body worker: it imports only itself, the catalogue, the records of ingest and the wire values (platform/values.ts, a leaf the records use too).',
      from: { path: spanReading }, to: { path: '^src/', pathNot: `${spanReading}|^src/catalog/|^src/ingest/(records|record-types|record-schemas|batch-context)[.]ts$|^src/platform/values[.]ts$` },
    },
    {
      name: 'scans-and-findings-one-way', severity: 'error',
      comment: 'The findings read the scans (an instance shows its scan); the scans never read the findings. One scan with its findings is areas/scan-results/, above both.',
      from: { path: '^src/areas/scans/' }, to: { path: '^src/areas/(findings|scan-results)/' },
    },
    {
      name: 'areas-below-entry', severity: 'error', comment: 'Areas are wired by the entry modules, never the reverse.',
      from: { path: '^src/areas/' }, to: { path: entry },
    },
    {
      name: 'client-speaks-http-only', severity: 'error',
      comment: 'The CLI client talks to the service over HTTP: it reads the catalogue and its settings (config.ts, a leaf) and writes CSV as the service does, and imports nothing else of it.',
      from: { path: '^src/client/' }, to: { path: '^src/', pathNot: '^src/(client|catalog)/|^src/platform/csv[.]ts$|^src/config[.]ts$' },
    },
    {
      name: 'scan-code-reads-text-only', severity: 'error', comment: "The code analyser turns text into facts: it imports only the facts' shapes and its own modules.",
      from: { path: '^src/scan/code/' }, to: { path: '^src/', pathNot: '^src/scan/(code/|facts[.]ts$)' },
    },
    {
      name: 'scan-is-a-client', severity: 'error',
      comment: 'Static discovery reads files and sends records through the ingest API: it imports itself, the catalogue, the settings and the HTTP client, nothing of the service.',
      from: { path: '^src/scan/' }, to: { path: '^src/', pathNot: '^src/(scan|catalog|client|settings)/|^src/config[.]ts$' },
    },
    {
      name: 'osv-is-a-client', severity: 'error',
      comment: '`aispm advisories import` reads OSV files and sends them through the ingest API, like the scanner.',
      from: { path: '^src/osv/' }, to: { path: '^src/', pathNot: '^src/(osv|catalog|client|settings)/|^src/config[.]ts$' },
    },
    {
      name: 'only-the-cli-runs-scans', severity: 'error', comment: 'The service never imports the scanner: it is run by the CLI.',
      from: { path: '^src/', pathNot: '^src/(scan|cli)/' }, to: { path: '^src/scan/' },
    },
    {
      name: 'nothing-imports-entry', severity: 'error', comment: 'Only entry modules import entry modules.',
      from: { path: '^src/', pathNot: entry }, to: { path: entry },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API for dependency-cruiser to parse with: swc parses instead.
    parser: 'swc',
    moduleSystems: ['es6'],
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/client/schema[.]ts$' },
  },
};
