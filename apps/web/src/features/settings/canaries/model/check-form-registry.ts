import type { CheckForm } from './check-form.ts';
import { alertmanagerForm } from './forms/alertmanager-form.ts';
import { elasticsearchForm } from './forms/elasticsearch-form.ts';
import { execForm } from './forms/exec-form.ts';
import { folderForm } from './forms/folder-form.ts';
import { httpForm } from './forms/http-form.ts';
import { icmpForm } from './forms/icmp-form.ts';
import { mongodbForm } from './forms/mongodb-form.ts';
import { redisForm } from './forms/redis-form.ts';
import { tcpForm } from './forms/tcp-form.ts';

/** The check types with a structured form (spec 002 §2), keyed by their key under `spec`. */
const forms: ReadonlyMap<string, CheckForm> = new Map(
  [
    httpForm,
    execForm,
    alertmanagerForm,
    elasticsearchForm,
    redisForm,
    mongodbForm,
    icmpForm,
    folderForm,
    tcpForm,
  ].map((form) => [form.specKey, form]),
);

export function checkFormFor(key: string | undefined): CheckForm | undefined {
  return key === undefined ? undefined : forms.get(key);
}
