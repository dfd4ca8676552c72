import type { Queryable } from '../../../platform/db.ts';
import { envVar } from '../../../platform/values/env-var.ts';
import type { ValueResolver } from '../../../platform/values/values.ts';
import type { Sealer } from '../../../platform/crypto.ts';
import { openSecrets } from '../params/params.service.ts';
import { loadResource } from '../targets/resource.repository.ts';
import { personOf, type EngineRun } from './engine.repository.ts';

export interface RunData {
  /** What templates and expressions see: params, the resource, env, run, playbook, user. */
  readonly variables: Record<string, unknown>;
  /** Values to mask in captured output. */
  readonly secrets: string[];
}

/** Builds the data of a run's templates; env values from secrets are masked in output. */
export async function runData(
  db: Queryable,
  run: EngineRun,
  values: ValueResolver,
  sealer: Sealer,
): Promise<RunData> {
  const resource = await loadResource(db, {
    config_id: run.configId,
    component_id: run.componentId,
    check_id: run.checkId,
  });
  const env: Record<string, string> = {};
  const opened = openSecrets(run.spec, run.parameters, sealer);
  const secrets = [...opened.secrets];
  for (const variable of run.spec.env ?? []) {
    if (!variable.name) continue;
    const reference = envVar.safeParse({ valueFrom: variable.valueFrom });
    const value = variable.valueFrom
      ? reference.success
        ? await values(reference.data).catch(() => undefined)
        : undefined
      : variable.value;
    env[variable.name] = value ?? '';
    if (variable.valueFrom && value) secrets.push(value);
  }
  return {
    variables: {
      params: opened.params,
      env,
      run: { id: run.id, created_by: run.createdBy },
      playbook: { id: run.playbookId, name: run.playbookName, namespace: run.playbookNamespace },
      user: await personOf(db, run.createdBy),
      request: run.request ?? {},
      ...(resource ? { [resource.kind]: resource.row } : {}),
    },
    secrets,
  };
}
