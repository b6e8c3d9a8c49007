/**
 * zapier-platform-core patches Node's http and https modules for its logging,
 * once per process, and never undoes it. Jest runs several test files in one
 * worker: put the modules back after each file that ran the app for real, so
 * that nock in the next file intercepts requests again.
 */
import http from 'node:http';
import https from 'node:https';

type Patchable = { request: typeof http.request; patchedByZapier?: boolean };

const modules = [http, https] as unknown as Patchable[];
const originals = modules.map((module) => ({
  module,
  request: module.request,
  patched: module.patchedByZapier,
}));

afterAll(() => {
  for (const { module, request, patched } of originals) {
    module.request = request;
    if (patched === undefined) {
      delete module.patchedByZapier;
    }
  }
});
