import { z } from 'zod';
import { commonCheckFields, defineCheckType } from './check-type.ts';
import { cloneCheckout, gitCheckout } from './script-checkout.ts';
import { artifactSpec, collectArtifacts } from './script-artifacts.ts';
import {
  execConnections,
  namedEnvVar,
  scriptEnvironment,
  withScratchDir,
} from './script-environment.ts';
import { firstLine, runScript, scriptFailure, scriptOutput } from './script-run.ts';

const execCheck = z
  .object({
    ...commonCheckFields,
    script: z.string().refine((s) => s.trim() !== '', 'is required'),
    connections: execConnections.optional(),
    env: z.array(namedEnvVar).optional(),
    checkout: gitCheckout
      .optional()
      .describe('A git repository cloned first; the script runs in it'),
    artifacts: z.array(artifactSpec).optional(),
  })
  .strict();

/**
 * `spec.exec[]`: a bash script run in a fresh temporary directory with a minimal environment.
 * It passes when the script exits 0; stdout, stderr and exitCode go to expressions.
 */
export const execCheckType = defineCheckType({
  type: 'exec',
  schema: execCheck,
  endpoint: (check) => check.script,
  run: (check, ctx) =>
    withScratchDir(async (dir) => {
      const env = await scriptEnvironment(check, ctx, dir);
      const checkout = check.checkout ? await cloneCheckout(check.checkout, ctx, dir) : { dir };
      if ('error' in checkout) return { pass: false, error: checkout.error, data: {} };
      const result = await runScript(check.script, env, checkout.dir, ctx.signal);
      const output = scriptOutput(result);
      const artifacts = check.artifacts
        ? await collectArtifacts(check.artifacts, output, checkout.dir)
        : undefined;
      const data = { ...output, results: output };
      const detail = { ...output, truncated: result.truncated, artifacts };
      const error = scriptFailure(result, ctx.timeoutMs);
      if (error !== undefined) {
        return {
          pass: false,
          error,
          invalid: result.spawnError !== undefined,
          data,
          detail,
          duration: result.elapsedMs,
        };
      }
      const message = firstLine(output.stdout) ?? 'exit code 0';
      return { pass: true, message, data, detail, duration: result.elapsedMs };
    }),
});
