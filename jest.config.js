/**
 * Five suites, one command (`npm test`):
 * - app: the Zapier app against nock, offline, coverage enforced;
 * - sandbox: the local service's conformance, through Fastify's inject, and
 *   over real HTTP on loopback where the socket is the point;
 * - publishing: the offline publishing checks of `npm run validate`, the changelog;
 * - docs: the README's size, the links between the pages, docs/architecture.md;
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
  // the waits. A worker past 512 MB is replaced between two test files, so no
  // process grows with the whole run.
  maxWorkers: 3,
  workerIdleMemoryLimit: '512MB',
  // `npm test` passes --coverage: the thresholds hold for the whole run, and a
  // developer's `npx jest test/sandbox` is not failed for the app's coverage.
  collectCoverageFrom: ['src/**/*.ts'],
  coverageReporters: ['text-summary', 'text'],
  coverageThreshold: {
    global: { lines: 95, statements: 95, functions: 95, branches: 85 },
  },
};
