import { noLastResult } from '../../cel-functions/contextual.ts';
import { collFunctions } from './coll.ts';
import { convFunctions } from './conv.ts';
import { dataFunctions } from './data.ts';
import { encodingFunctions } from './encoding.ts';
import { mathFunctions } from './math.ts';
import type { FunctionFamily, TemplateFunction } from './registry.ts';
import { stringFunctions } from './strings.ts';
import { timeFunctions } from './time.ts';

const families: readonly FunctionFamily[] = [
  stringFunctions,
  convFunctions,
  dataFunctions,
  collFunctions,
  mathFunctions,
  timeFunctions,
  encodingFunctions,
];

/** Every gomplate-style function a template may call, by name. */
export const templateLibrary: ReadonlyMap<string, TemplateFunction> = new Map(
  families.flatMap((family) => Object.entries(family)),
);

/**
 * Functions whose value depends on the check being run (canary-checker's contextual
 * functions). Known when a spec is written; a run supplies them, else these defaults answer.
 */
export const contextualDefaults: ReadonlyMap<string, TemplateFunction> = new Map<
  string,
  TemplateFunction
>([['last_result', () => noLastResult]]);
