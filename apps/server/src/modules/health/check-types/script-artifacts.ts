import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { displayPath, matchFiles } from './file-match.ts';

/** canary-checker's `artifacts[]`: `/dev/stdout`, `/dev/stderr` or a path or glob of files. */
export const artifactSpec = z.object({ path: z.string().min(1, 'is required') }).strict();

export interface Artifact {
  readonly path: string;
  readonly size: number;
  /** The start of the file as text; artifacts are kept with the status row, not in a store. */
  readonly content: string;
  readonly truncated: boolean;
}

const maxArtifacts = 20;
const maxArtifactBytes = 64 * 1024;

/** Reads the artifacts a script left; relative paths resolve against its working directory. */
export async function collectArtifacts(
  specs: readonly z.infer<typeof artifactSpec>[],
  output: { readonly stdout: string; readonly stderr: string },
  cwd: string,
): Promise<Artifact[]> {
  const artifacts: Artifact[] = [];
  for (const spec of specs) {
    if (spec.path === '/dev/stdout' || spec.path === '/dev/stderr') {
      const name = path.basename(spec.path);
      artifacts.push(fromText(name, name === 'stdout' ? output.stdout : output.stderr));
      continue;
    }
    for (const file of await matchFiles(spec.path, { cwd, inDirectory: '**/*' })) {
      artifacts.push(await fromFile(file, cwd));
    }
  }
  return artifacts.slice(0, maxArtifacts);
}

function fromText(name: string, text: string): Artifact {
  const bytes = Buffer.from(text);
  return {
    path: name,
    size: bytes.length,
    content: bytes.subarray(0, maxArtifactBytes).toString('utf8'),
    truncated: bytes.length > maxArtifactBytes,
  };
}

async function fromFile(file: string, cwd: string): Promise<Artifact> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.min(size, maxArtifactBytes));
    await handle.read(buffer, 0, buffer.length, 0);
    return {
      path: displayPath(file, cwd),
      size,
      content: buffer.toString('utf8'),
      truncated: size > maxArtifactBytes,
    };
  } finally {
    await handle.close();
  }
}
