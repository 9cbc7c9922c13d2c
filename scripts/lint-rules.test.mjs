import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import rules of eslint.config.js, proven on files that break them: each probe is linted as
// if it stood at `filePath`, and must be refused by the zone named.
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restrictedPaths(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('import direction (lint)', () => {
  it('refuses shared code of an app importing one of its modules', async () => {
    expect(await restrictedPaths('apps/bff/src/gateway/probe.ts', "export { inspectionTicketsRouter } from '../modules/inspection-tickets/inspection-tickets.router';\n")).toEqual([
      expect.stringContaining('Shared code never imports a module'),
    ]);
    expect(await restrictedPaths('apps/gateway/src/db/probe.ts', "export { dispatchRoutes } from '../modules/dispatch/dispatch.routes';\n")).toHaveLength(1);
    expect(await restrictedPaths('apps/web/src/lib/probe.ts', "export { OrderListScreen } from '../modules/inspection-orders/screens/order-list.screen';\n")).toHaveLength(1);
    // The live kits serve every module's feed; a module's feed is declared in the module.
    expect(await restrictedPaths('apps/bff/src/live/probe.ts', "export { dispatchFeed } from '../modules/dispatch/dispatch.live';\n")).toEqual([
      expect.stringContaining('Shared code never imports a module'),
    ]);
    expect(await restrictedPaths('apps/gateway/src/live/probe.ts', "export { dispatchChannel } from '../modules/dispatch/dispatch.live';\n")).toEqual([
      expect.stringContaining('Shared code never imports a module'),
    ]);
  });

  it('refuses a module importing another module, and a contracts module importing another', async () => {
    expect(await restrictedPaths('apps/bff/src/modules/inspection-tickets/probe.ts', "export { dispatchRouter } from '../dispatch/dispatch.router';\n")).toEqual([
      expect.stringContaining('Modules never import each other'),
    ]);
    expect(await restrictedPaths('packages/contracts/src/inspection-tickets/probe.ts', "export { CellSchema } from '../dispatch/entities';\n")).toEqual([
      expect.stringContaining('A contracts module imports only common and itself'),
    ]);
  });

  it('refuses benchmarks reaching into app internals, and allows their entry points and the app layer', async () => {
    expect(await restrictedPaths('bench/probe.ts', "export { hubFor } from '../apps/bff/src/live/live-hub';\n")).toHaveLength(1);
    expect(await restrictedPaths('bench/probe.ts', "export { dispatchHub } from '@panel/bff/bench';\n")).toEqual([]);
    expect(await restrictedPaths('apps/bff/src/probe.ts', "export { inspectionTicketsRouter } from './modules/inspection-tickets/inspection-tickets.router';\n")).toEqual([]);
    expect(await restrictedPaths('packages/contracts/src/inspection-tickets/probe.ts', "export { textField } from '../common/fields';\n")).toEqual([]);
  });
});
