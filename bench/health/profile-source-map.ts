import fs from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** A profile frame: the url and 0-based line and column V8 reports. */
export interface ProfileFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
  readonly columnNumber: number;
}

const payloadSchema = z.object({
  version: z.number(),
  file: z.string().optional().default(''),
  sourceRoot: z.string().optional().default(''),
  sources: z.array(z.string()),
  names: z.array(z.string()),
  mappings: z.string(),
});

/**
 * Maps frames of the server's esbuild bundle (apps/server/dist/*.js, with .map files beside
 * them) back to their source files, so that the summary attributes time to server modules.
 * Frames of other files, or of a bundle without a map, are returned as they are.
 */
export function sourceMapper(): (frame: ProfileFrame) => ProfileFrame {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (url: string): SourceMap | null => {
    const known = maps.get(url);
    if (known !== undefined) return known;
    let map: SourceMap | null = null;
    const file = `${fileURLToPath(url)}.map`;
    if (fs.existsSync(file)) {
      const parsed = payloadSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
      // The sources' text is not needed to map a position.
      const payload: SourceMapPayload = { ...parsed, sourcesContent: [] };
      map = new SourceMap(payload);
    }
    maps.set(url, map);
    return map;
  };
  return (frame) => {
    if (!frame.url.startsWith('file://') || !frame.url.includes('/apps/server/dist/')) return frame;
    const map = mapOf(frame.url);
    const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
    if (!entry || !('originalSource' in entry)) return frame;
    const source = path.resolve(path.dirname(fileURLToPath(frame.url)), entry.originalSource);
    return { ...frame, url: `file://${source}`, lineNumber: entry.originalLine };
  };
}
