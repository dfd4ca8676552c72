import type { PlaybookParameterType } from '@vigil/domain';
import { checkParameter } from './kinds/check.ts';
import { checkboxParameter } from './kinds/checkbox.ts';
import { codeParameter } from './kinds/code.ts';
import { componentParameter } from './kinds/component.ts';
import { configParameter } from './kinds/config.ts';
import { configsParameter } from './kinds/configs.ts';
import { durationParameter } from './kinds/duration.ts';
import { listParameter } from './kinds/list.ts';
import { peopleParameter } from './kinds/people.ts';
import { secretParameter } from './kinds/secret.ts';
import { bytesParameter, millicoresParameter } from './kinds/sizes.ts';
import { teamParameter } from './kinds/team.ts';
import { textParameter } from './kinds/text.ts';
import type { ParameterKind } from './parameter-kind.ts';

/** Every parameter type of the spec, one file each (text is the default). */
export const parameterKinds: ReadonlyMap<PlaybookParameterType, ParameterKind> = new Map(
  [
    textParameter,
    checkboxParameter,
    listParameter,
    codeParameter,
    teamParameter,
    peopleParameter,
    componentParameter,
    configParameter,
    configsParameter,
    checkParameter,
    secretParameter,
    bytesParameter,
    millicoresParameter,
    durationParameter,
  ].map((kind) => [kind.type, kind]),
);
