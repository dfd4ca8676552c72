import fs from 'node:fs';
import path from 'node:path';
import { Copy, DockerfileParser, Env, type Instruction } from 'dockerfile-ast';
import { z } from 'zod';

/** One build stage of the Dockerfile: its FROM line and what follows it. */
export interface Stage {
  readonly name: string | undefined;
  readonly image: string;
  readonly instructions: readonly Instruction[];
}

/** `COPY --from=<stage> <source> <destination>` of the final stage. */
export interface StageCopy {
  readonly from: string;
  readonly source: string;
  readonly destination: string;
}

/** What the final image is: where it runs, as whom, with what, and what it holds. */
export interface ImagePlan {
  readonly stages: readonly Stage[];
  readonly workdir: string;
  readonly user: string;
  readonly env: Readonly<Record<string, string>>;
  readonly entrypoint: readonly string[];
  readonly cmd: readonly string[];
  readonly healthcheck: readonly string[];
  readonly expose: readonly string[];
  readonly copies: readonly StageCopy[];
}

export const dockerfilePath = path.resolve(import.meta.dirname, '../../../../Dockerfile');

const execForm = z.array(z.string()).min(1);

function argumentsOf(instruction: Instruction): string {
  return instruction.getArgumentsContent() ?? '';
}

function only(instructions: readonly Instruction[], keyword: string): Instruction {
  const found = instructions.filter((instruction) => instruction.getKeyword() === keyword);
  if (found.length !== 1) throw new Error(`the final stage has ${found.length} ${keyword} lines`);
  const [one] = found;
  if (!one) throw new Error(`no ${keyword}`);
  return one;
}

function splitStages(instructions: readonly Instruction[]): Stage[] {
  const stages: { name: string | undefined; image: string; instructions: Instruction[] }[] = [];
  for (const instruction of instructions) {
    if (instruction.getKeyword() === 'FROM') {
      const [image = '', as, name] = instruction.getArguments().map((a) => a.getValue());
      stages.push({ name: as?.toUpperCase() === 'AS' ? name : undefined, image, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

function copyOf(instruction: Instruction): StageCopy | undefined {
  if (!(instruction instanceof Copy)) return undefined;
  const from = instruction.getFromFlag()?.getValue() ?? undefined;
  const words = instruction.getArguments().map((a) => a.getValue());
  if (from === undefined)
    throw new Error(`the final stage copies from the context: ${words.join(' ')}`);
  if (words.length !== 2) throw new Error(`COPY with one source only: ${words.join(' ')}`);
  const [source = '', destination = ''] = words;
  return { from, source, destination };
}

/** Reads the Dockerfile the way the image would be built from it (stages, final settings). */
export function readImagePlan(file = dockerfilePath): ImagePlan {
  const dockerfile = DockerfileParser.parse(fs.readFileSync(file, 'utf8'));
  const stages = splitStages(dockerfile.getInstructions());
  const final = stages.at(-1);
  if (!final) throw new Error('the Dockerfile has no stage');
  const env: Record<string, string> = {};
  for (const instruction of final.instructions) {
    if (!(instruction instanceof Env)) continue;
    for (const property of instruction.getProperties())
      env[property.getName()] = property.getValue() ?? '';
  }
  const healthcheck = argumentsOf(only(final.instructions, 'HEALTHCHECK'));
  const cmdAt = healthcheck.indexOf('CMD ');
  return {
    stages,
    workdir: argumentsOf(only(final.instructions, 'WORKDIR')),
    user: argumentsOf(only(final.instructions, 'USER')),
    env,
    entrypoint: execForm.parse(JSON.parse(argumentsOf(only(final.instructions, 'ENTRYPOINT')))),
    cmd: execForm.parse(JSON.parse(argumentsOf(only(final.instructions, 'CMD')))),
    healthcheck: execForm.parse(JSON.parse(healthcheck.slice(cmdAt + 'CMD '.length))),
    expose: final.instructions
      .filter((instruction) => instruction.getKeyword() === 'EXPOSE')
      .flatMap((instruction) => instruction.getArguments().map((a) => a.getValue())),
    copies: final.instructions
      .filter((instruction) => instruction.getKeyword() === 'COPY')
      .map(copyOf)
      .filter((copy) => copy !== undefined),
  };
}

/** A stage by its name; throws when the Dockerfile has none of that name. */
export function stageNamed(plan: ImagePlan, name: string): Stage {
  const stage = plan.stages.find((candidate) => candidate.name === name);
  if (!stage) throw new Error(`the Dockerfile has no stage "${name}"`);
  return stage;
}

/** The stage's RUN lines and WORKDIR. */
export function runsOf(stage: Stage): { workdir: string; runs: string[] } {
  const workdir = stage.instructions.find((instruction) => instruction.getKeyword() === 'WORKDIR');
  return {
    workdir: workdir ? argumentsOf(workdir) : '/',
    runs: stage.instructions
      .filter((instruction) => instruction.getKeyword() === 'RUN')
      .map((instruction) => argumentsOf(instruction).replace(/\\\s*\n\s*/g, ' ')),
  };
}
