import { describe, expect, it } from 'vitest';
import { splitDocuments, type DocumentText } from './document-splitter.ts';

async function split(...chunks: string[]): Promise<DocumentText[]> {
  const documents: DocumentText[] = [];
  for await (const document of splitDocuments(chunks)) documents.push(document);
  return documents;
}

describe('splitting a YAML stream into documents', () => {
  it('splits at markers, skipping empty documents and comments, with each first line', async () => {
    expect(await split('# head\n---\na: 1\n---\n---\n# only a comment\n---\nb: 2\n')).toEqual([
      { text: '---\na: 1\n', firstLine: 2 },
      { text: '---\nb: 2\n', firstLine: 7 },
    ]);
  });

  it('reads a document without markers, and a last line without a newline', async () => {
    expect(await split('a: 1\nb: 2')).toEqual([{ text: 'a: 1\nb: 2', firstLine: 1 }]);
  });

  it('joins lines split across chunks, and ends a document at ...', async () => {
    expect(await split('a: ', '1\n.', '..\nb: 2\n--', '-\nc: 3\n')).toEqual([
      { text: 'a: 1\n...\n', firstLine: 1 },
      { text: 'b: 2\n', firstLine: 3 },
      { text: '---\nc: 3\n', firstLine: 4 },
    ]);
  });

  it('keeps --- inside a line or indented as content, and directives with their document', async () => {
    expect(await split('%YAML 1.2\n---\ns: |\n  ---x\n  ---\nt: a---b\n')).toEqual([
      { text: '%YAML 1.2\n---\ns: |\n  ---x\n  ---\nt: a---b\n', firstLine: 1 },
    ]);
  });
});
