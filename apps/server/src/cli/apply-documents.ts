import fs from 'node:fs/promises';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ConfigError } from '../platform/config.ts';

/** One YAML document from one source, with where it came from for messages. */
export interface SourceDocument {
  readonly source: string;
  readonly value: unknown;
}

const manifestExtensions = new Set(['.yaml', '.yml', '.json']);

/** Every document in the files, directories (their manifests, in name order) and `-` (stdin). */
export async function readDocuments(
  paths: readonly string[],
  stdin: () => Promise<string>,
): Promise<SourceDocument[]> {
  const documents: SourceDocument[] = [];
  for (const given of paths) {
    if (given === '-') {
      documents.push(...parseDocuments('stdin', await stdin()));
      continue;
    }
    for (const file of await manifestFiles(given)) {
      documents.push(...parseDocuments(file, await fs.readFile(file, 'utf8')));
    }
  }
  return documents;
}

async function manifestFiles(given: string): Promise<string[]> {
  const stat = await fs.stat(given).catch(() => undefined);
  if (!stat) throw new ConfigError(`the path "${given}" does not exist`);
  if (!stat.isDirectory()) return [given];
  const entries = await fs.readdir(given, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && manifestExtensions.has(path.extname(entry.name)))
    .map((entry) => path.join(given, entry.name))
    .sort();
}

function parseDocuments(source: string, text: string): SourceDocument[] {
  return parseAllDocuments(text).flatMap((document) => {
    const [error] = document.errors;
    if (error) {
      const at = error.linePos?.[0];
      const where = at ? `${source}:${at.line}:${at.col}` : source;
      throw new ConfigError(`${where}: ${error.message.split('\n')[0] ?? 'invalid YAML'}`);
    }
    const value: unknown = document.toJS();
    return value === null || value === undefined ? [] : [{ source, value }];
  });
}

/** All of stdin as text. */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  }
  return Buffer.concat(chunks).toString('utf8');
}
