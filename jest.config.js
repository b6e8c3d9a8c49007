/**
 * Six suites, one command (`npm test`):
 * - app: the Zapier app against nock, offline, coverage enforced;
 * - sandbox: the local service's conformance, through Fastify's inject, and
 *   over real HTTP on loopback where the socket is the point;
 * - publishing: the offline publishing checks of `npm run validate`, the changelog;
 * - checks: the publishing-checks package, a fixture app per rule;
 * - docs: the Markdown budget, the links between the pages, the folder rules,
 *   a repository that stands alone;
 * - e2e: the whole Zap lifecycle and the consent page in headless Chromium.
 * @type {import('jest').Config}
 */
/**
 * node:sqlite (the sandbox's store) is experimental in Node.js 22, and Node
 * says so once per process: not in a passing run, however Jest is started.
 * Jest's workers take the flag from NODE_OPTIONS; a run in this process (one
 * test file) goes through the filter.
 */
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --disable-warning=ExperimentalWarning`;
const emitWarning = process.emitWarning;
process.emitWarning = (warning, ...rest) => {
  const type = typeof rest[0] === 'string' ? rest[0] : rest[0]?.type;
  return type === 'ExperimentalWarning'
    ? undefined
    : emitWarning.call(process, warning, ...rest);
};

const shared = {
  // Node's, undoing what a test file patched on the http modules (nock, core).
  testEnvironment: '<rootDir>/test/environment.ts',
  // The checks package, from its source (as tsconfig.json's paths say), not its build.
  moduleNameMapper: {
    '^zapier-publishing-checks$':
      '<rootDir>/packages/zapier-publishing-checks/src/index.ts',
  },
  setupFiles: ['<rootDir>/test/quiet-run.ts'],
  // tsconfig.json's isolatedModules: ts-jest compiles file by file without
  // type-checking; `npm run typecheck` checks every file, tests included, in
  // one pass (and CI runs it before the tests).
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
  },
};

/**
 * The OAuth client libraries the sandbox suite drives it with, and `cookie`
 * (light-my-request's, behind Fastify's inject), are published as ES modules
 * only, and Jest runs the suites as CommonJS: ts-jest compiles their
 * JavaScript to CommonJS as it does the tests (file by file, no type check),
 * in the sandbox suite only.
 */
const ESM_ONLY = ['oauth4webapi', '@badgateway/oauth2-client', 'cookie'];
const ESM_ONLY_TRANSFORM = {
  [`/node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`]: [
    'ts-jest',
    {
      tsconfig: {
        allowJs: true,
        module: 'commonjs',
        target: 'ES2023',
        isolatedModules: true,
      },
    },
  ],
};

module.exports = {
  projects: [
    {
      ...shared,
      displayName: 'app',
      testMatch: ['<rootDir>/test/app/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/app/setup-env.ts'],
    },
    {
      ...shared,
      displayName: 'sandbox',
      testMatch: ['<rootDir>/test/sandbox/**/*.test.ts'],
      transform: { ...shared.transform, ...ESM_ONLY_TRANSFORM },
      transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
    },
    {
      ...shared,
      displayName: 'publishing',
      testMatch: ['<rootDir>/test/publishing/**/*.test.ts'],
    },
    {
      ...shared,
      displayName: 'checks',
      testMatch: ['<rootDir>/packages/*/test/**/*.test.ts'],
    },
    {
      ...shared,
      displayName: 'docs',
      testMatch: ['<rootDir>/test/docs/**/*.test.ts'],
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
    },
  ],
  // Three workers on two cores: many suites wait on timers and sockets (a
  // retry's backoff, a cache that never answers), so a third worker fills
  // the waits. Between two test files, a worker whose heap holds over 256 MB
  // is replaced. Jest counts the heap in use (`heapUsed`), not the process's
  // memory, which runs near twice that: the largest process of
  // `/usr/bin/time -v npm test` held 687 MiB at 512 MB, 429 MiB at 256 MB.
  maxWorkers: 3,
  workerIdleMemoryLimit: '256MB',
  // A test that starts a sandbox (Fastify, a SQLite file) or a runtime
  // stand-in waits on real sockets, up to harness/eventually.ts's 20 s:
  // Jest's 5 s is too short on a loaded machine. Longer work sets its own.
  testTimeout: 30_000,
  // `npm test` passes --coverage: the thresholds hold for the whole run, and a
  // developer's `npx jest test/sandbox` is not failed for the app's coverage.
  collectCoverageFrom: ['src/**/*.ts'],
  coverageReporters: ['text-summary', 'text'],
  coverageThreshold: {
    global: { lines: 95, statements: 95, functions: 95, branches: 85 },
  },
};
