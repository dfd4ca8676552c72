import { Environment } from '@marcbachmann/cel-js';
import { awsFunctions } from './aws.ts';
import { collectionFunctions } from './collections.ts';
import { contextualFunctions } from './contextual.ts';
import { cryptoFunctions } from './crypto.ts';
import { encodingFunctions } from './encoding.ts';
import { formatFunctions } from './format.ts';
import type { CelFunctionFamily } from './function-family.ts';
import { k8sFunctions } from './k8s.ts';
import { mathFunctions } from './math.ts';
import { runContextFunctions } from './run-context.ts';
import { semverFunctions } from './semver.ts';
import { sizeFunctions } from './sizes.ts';
import { stringFunctions } from './strings.ts';
import { timeFunctions } from './time.ts';
import { uuidFunctions } from './uuid.ts';

/** The function families of canary-checker's CEL, one file each. */
export const celFunctionFamilies: readonly CelFunctionFamily[] = [
  stringFunctions,
  formatFunctions,
  collectionFunctions,
  timeFunctions,
  sizeFunctions,
  semverFunctions,
  encodingFunctions,
  cryptoFunctions,
  uuidFunctions,
  mathFunctions,
  k8sFunctions,
  awsFunctions,
  contextualFunctions,
  runContextFunctions,
];

/**
 * A namespace (`k8s`) is a constant of its own type, and its functions are that type's
 * methods. cel-js finds a value's type by its class, so each namespace gets its own class.
 */
const namespaceType = (namespace: string) => `vigil.namespace.${namespace}`;

/** Every function name an expression may call, namespaced ones as `k8s.isHealthy`. */
export const knownFunctionNames = new Set<string>();
export const celNamespaces = new Set<string>();

/** As canary-checker's CEL: any variable, mixed-type map literals (for transform), `?.` chaining. */
export function createCelEnvironment(): Environment {
  const environment = new Environment({
    unlistedVariablesAreDyn: true,
    homogeneousAggregateLiterals: false,
    enableOptionalTypes: true,
  });
  for (const family of celFunctionFamilies) {
    for (const namespace of family.namespaces) {
      if (celNamespaces.has(namespace)) continue;
      celNamespaces.add(namespace);
      const Namespace = class {};
      environment.registerType(namespaceType(namespace), Namespace);
      environment.registerConstant(namespace, namespaceType(namespace), new Namespace());
    }
    for (const { signature, handler } of family.functions) {
      const name = signature.slice(0, signature.indexOf('('));
      const namespace = family.namespaces.find((n) => name.startsWith(`${n}.`));
      knownFunctionNames.add(namespace ? name : name.slice(name.lastIndexOf('.') + 1));
      if (!namespace) environment.registerFunction(signature, handler);
      else {
        const method = `${namespaceType(namespace)}${signature.slice(namespace.length)}`;
        environment.registerFunction(method, (_namespace: unknown, ...args: unknown[]): unknown =>
          handler(...args),
        );
      }
    }
  }
  for (const defined of environment.getDefinitions().functions) {
    if (!defined.receiverType?.startsWith('vigil.namespace.')) knownFunctionNames.add(defined.name);
  }
  return environment;
}
