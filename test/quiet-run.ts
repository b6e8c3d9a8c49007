/**
 * Core echoes every line an app logs (`z.console.log`) to `console.log`, on
 * top of sending it to Zapier's log endpoint. The tests read those lines where
 * they matter (the runtime stand-in's `consoleLines`, `withLoggedLines`), so
 * the echo stays out of a passing run's output. `console.error` and
 * `console.warn` still print, and no code of the project's writes to
 * `console.log` (ESLint's no-console).
 */
// eslint-disable-next-line no-console -- replaced, not called
console.log = () => undefined;
