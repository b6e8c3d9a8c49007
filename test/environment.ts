/**
 * Every suite's test environment: Node's, and one promise. Jest runs many
 * test files in one worker, and Node's `http` and `https` modules are the
 * worker's, shared by them all; a file patches them (nock's interceptors on
 * import, zapier-platform-core's logging once per process). When the file
 * ends, its changes are undone, whether its tests ran or were all filtered
 * out by `-t` (then no `afterAll` of the file runs), so the next file's nock
 * sees its own requests and nothing else.
 */
import http from 'node:http';
import https from 'node:https';

import NodeEnvironment from 'jest-environment-node';

type ModuleObject = Record<PropertyKey, unknown>;

const SHARED_MODULES = [http, https] as unknown as ModuleObject[];

export default class RestoringEnvironment extends NodeEnvironment {
  private readonly before = SHARED_MODULES.map((module) => ({
    module,
    properties: Object.getOwnPropertyDescriptors(module),
  }));

  override async teardown(): Promise<void> {
    for (const { module, properties } of this.before) {
      for (const key of Reflect.ownKeys(module)) {
        if (!Object.hasOwn(properties, key)) {
          delete module[key];
        }
      }
      Object.defineProperties(module, properties);
    }
    await super.teardown();
  }
}
