// A vitest reporter that writes each test file's wall time (import included, which the JSON
// reporter leaves out) to the file named by VIGIL_VITEST_DURATIONS, for the slowest-files table.
import fs from 'node:fs';
import path from 'node:path';

// eslint-disable-next-line no-restricted-syntax -- vitest loads a reporter file by its default export
export default class DurationsReporter {
  rows = [];

  onTestModuleEnd(testModule) {
    const d = testModule.diagnostic();
    const seconds =
      (d.environmentSetupDuration +
        d.prepareDuration +
        d.setupDuration +
        d.collectDuration +
        d.duration) /
      1000;
    const file = path.relative(process.cwd(), testModule.moduleId);
    this.rows.push({ file, seconds, importSeconds: d.collectDuration / 1000 });
  }

  onTestRunEnd() {
    const out = process.env.VIGIL_VITEST_DURATIONS;
    if (out) fs.writeFileSync(out, `${JSON.stringify(this.rows)}\n`);
  }
}
