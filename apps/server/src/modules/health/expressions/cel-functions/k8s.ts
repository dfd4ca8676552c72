import { resourceHealth, type ResourceHealth } from '../../check-types/kube-health.ts';
import { yamlOf } from './encoding.ts';
import { defineCelFunctions, fn } from './function-family.ts';
import { entriesOf, isRecord, plain, textOf } from './values.ts';

/** A resource as gomplate's GetUnstructured reads it: a map, or its YAML/JSON text. */
function objectOf(value: unknown): Record<string, unknown> {
  const data =
    typeof value === 'string' || value instanceof Uint8Array ? yamlOf(textOf(value)) : plain(value);
  if (!isRecord(data)) return {};
  const wrapped = data.Object;
  return isRecord(wrapped) ? wrapped : data;
}

function health(value: unknown): ResourceHealth {
  const object = objectOf(value);
  return resourceHealth(typeof object.kind === 'string' ? object.kind : '', object);
}

function healthMap(value: unknown) {
  const h = health(value);
  return { ...h, ok: h.health === 'healthy' };
}

/** `conv.ToFloat64` answers 0 for text that is not a number, and so do these. */
const toNumber = (text: string) => (Number.isFinite(Number(text)) ? Number(text) : 0);

export function cpuAsMillicores(text: string): bigint {
  if (text.endsWith('m')) return BigInt(Math.trunc(toNumber(text.replaceAll('m', ''))));
  if (text.endsWith('n')) return BigInt(Math.trunc(toNumber(text.replaceAll('n', '')) / 1e6));
  return BigInt(Math.trunc(toNumber(text) * 1000));
}

export function memoryAsBytes(input: string): bigint {
  const text = input.toLowerCase();
  const units: ReadonlyArray<[string, number]> = [
    ['gi', 1024 ** 3],
    ['mi', 1024 ** 2],
    ['ki', 1024],
  ];
  for (const [suffix, size] of units) {
    if (text.endsWith(suffix))
      return BigInt(Math.trunc(toNumber(text.replaceAll(suffix, '')) * size));
  }
  return BigInt(Math.trunc(toNumber(text)));
}

/** Labels with the namespace, without the `-hash` labels, as gomplate's k8s.labels. */
function labels(value: unknown): Record<string, string> {
  const metadata = objectOf(value).metadata;
  const out: Record<string, string> = {};
  if (!isRecord(metadata)) return out;
  if (typeof metadata.namespace === 'string') out.namespace = metadata.namespace;
  for (const [key, label] of entriesOf(metadata.labels ?? {})) {
    if (!key.endsWith('-hash')) out[key] = textOf(label);
  }
  return out;
}

/** Kubernetes helpers: health of a resource (is-healthy's rules, as the kubernetes check). */
export const k8sFunctions = defineCelFunctions({
  family: 'k8s',
  namespaces: ['k8s'],
  functions: [
    fn('k8s.isHealthy(dyn): bool', (v: unknown) => health(v).health === 'healthy'),
    fn('k8s.is_healthy(dyn): bool', (v: unknown) => health(v).health === 'healthy'),
    fn('IsHealthy(dyn): bool', (v: unknown) => health(v).health === 'healthy'),
    fn('k8s.isReady(dyn): bool', (v: unknown) => health(v).ready),
    fn('IsReady(dyn): bool', (v: unknown) => health(v).ready),
    fn('k8s.getHealth(dyn): map', (v: unknown) => healthMap(v)),
    fn('GetHealth(dyn): map', (v: unknown) => healthMap(v)),
    fn('k8s.getStatus(dyn): string', (v: unknown) => `${health(v).status}: ${health(v).message}`),
    fn('GetStatus(dyn): string', (v: unknown) => `${health(v).status}: ${health(v).message}`),
    fn('k8s.cpuAsMillicores(string): int', (s: string) => cpuAsMillicores(s)),
    fn('k8s.memoryAsBytes(string): int', (s: string) => memoryAsBytes(s)),
    fn('k8s.labels(dyn): map<string, string>', (v: unknown) => labels(v)),
  ],
});
