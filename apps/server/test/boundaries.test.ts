import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const fixtures = path.join(root, 'apps/server/test/fixtures/boundaries');
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: path.join(fixtures, 'eslint-boundaries.config.js'),
});

/** Lints `code` as if it were the file at `file` (relative to the repository). */
async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

// no-cycle reads the import graph of what a fixture imports: seconds on a loaded machine.
describe('server boundaries (npm run lint)', { timeout: 120_000 }, () => {
  const area = 'apps/server/src/modules/notifications/breach.ts';

  it("refuses an import of another area's internals, naming the way through", async () => {
    const messages = await lint(
      area,
      "export { findConnection } from '../connections/connections.repository.ts';\n",
    );
    expect(messages).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*connections\.repository\.ts.*public files/,
      ),
    ]);
  });

  it("accepts another area's public files and platform/", async () => {
    const code = [
      "export { findConnection } from '../connections/index.ts';",
      "export { createSystemModule } from '../system/system.module.ts';",
      "export { creatorOf } from '../../platform/creator.ts';",
      '',
    ].join('\n');
    expect(await lint(area, code)).toEqual([]);
  });

  it('refuses an import of the CLI from a module', async () => {
    const messages = await lint(area, "export { parseCliArgs } from '../../cli/args.ts';\n");
    expect(messages).toEqual([
      expect.stringMatching(/no-restricted-paths: .*do not import the CLI/),
    ]);
  });

  it('refuses an import cycle', async () => {
    const results = await eslint.lintFiles([path.join(fixtures, 'cycle-a.ts')]);
    const rules = results.flatMap((r) => r.messages.map((m) => m.ruleId));
    expect(rules).toEqual(['import-x/no-cycle']);
  });
});
