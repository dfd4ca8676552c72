import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { ConfigError } from '../config.ts';
import { splitDocuments, type DocumentText } from './document-splitter.ts';

/** One YAML document from one source, with where it came from for messages. */
export interface SourceDocument {
  readonly source: string;
  readonly value: unknown;
}

/**
 * What one file (or stdin) may hold. One document must fit the server's 10 MiB body limit
 * anyway, and these keep `vigil apply` well under 256 MB however large its input.
 */
export const applyLimits = { fileBytes: 10 * 1024 * 1024, documentsPerFile: 10_000 } as const;

/** Where the documents come from: `-` reads this stream. */
export type StdinSource = () => Chunks;
type Chunks = AsyncIterable<Buffer | string> | Iterable<Buffer | string>;

const manifestExtensions = new Set(['.yaml', '.yml', '.json']);
const counted = new Intl.NumberFormat('en-US');
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Every document in the files, directories (their manifests, in name order) and `-` (stdin). */
export async function readDocuments(
  paths: readonly string[],
  stdin: StdinSource,
): Promise<SourceDocument[]> {
  const documents: SourceDocument[] = [];
  for (const given of paths) {
    if (given === '-') {
      await collect('stdin', stdin(), documents);
      continue;
    }
    for (const file of await manifestFiles(given)) {
      const { size } = await fs.stat(file);
      if (size > applyLimits.fileBytes) throw tooLarge(file, `the file is ${mib(size)}`);
      await collect(file, createReadStream(file), documents);
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

/** Parses the source a document at a time; past the cap it only counts, to name the total. */
async function collect(source: string, chunks: Chunks, into: SourceDocument[]): Promise<void> {
  let total = 0;
  const limited = capBytes(source, chunks);
  for await (const document of splitDocuments(limited)) {
    total += 1;
    if (total > applyLimits.documentsPerFile) continue;
    const value = parsed(source, document);
    if (value !== null && value !== undefined) into.push({ source, value });
  }
  if (total > applyLimits.documentsPerFile) {
    throw new ConfigError(
      `${source}: ${counted.format(total)} documents; vigil apply reads at most ${counted.format(applyLimits.documentsPerFile)} per file (split it into several files)`,
    );
  }
}

async function* capBytes(source: string, chunks: Chunks): AsyncGenerator<Buffer | string> {
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    if (bytes > applyLimits.fileBytes)
      throw tooLarge(source, `the input is larger than ${mib(applyLimits.fileBytes)}`);
    yield chunk;
  }
}

function parsed(source: string, document: DocumentText): unknown {
  const yaml = parseDocument(document.text);
  const [error] = yaml.errors;
  if (error) {
    const at = error.linePos?.[0];
    const where = at ? `${source}:${at.line + document.firstLine - 1}:${at.col}` : source;
    throw new ConfigError(`${where}: ${error.message.split('\n')[0] ?? 'invalid YAML'}`);
  }
  // A copy: the values toJS answers keep about 30 KB of the parser's state alive each, which
  // for 10,000 documents is 300 MB.
  const value: unknown = structuredClone(yaml.toJS());
  return value;
}

function tooLarge(source: string, finding: string): ConfigError {
  return new ConfigError(
    `${source}: ${finding}; vigil apply reads at most ${mib(applyLimits.fileBytes)} per file (split it into several files)`,
  );
}
