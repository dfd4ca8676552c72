import { useMemo } from 'react';
import { Diff, Hunk, markEdits, parseDiff, tokenize, type ViewType } from 'react-diff-view';
import './diff-view.css';

export type DiffViewType = ViewType;

/** A unified diff without a git header gets one, so that the parser reads it as one file. */
export function withGitHeader(text: string): string {
  if (text.startsWith('diff --git')) return text;
  const body = /^(---|\+\+\+) /m.test(text) ? text : `--- a/config\n+++ b/config\n${text}`;
  return `diff --git a/config b/config\n${body}`;
}

export interface DiffViewProps {
  /** Unified diff text. */
  diff: string;
  viewType: DiffViewType;
}

/** A side-by-side or unified diff with changed words marked (react-diff-view). */
export function DiffView({ diff, viewType }: DiffViewProps) {
  const files = useMemo(() => parseDiff(withGitHeader(diff)), [diff]);
  return (
    <div className="vigil-diff overflow-auto rounded-md border border-border">
      {files.map((file, index) => {
        const tokens = tokenize(file.hunks, {
          enhancers: [markEdits(file.hunks, { type: 'block' })],
        });
        return (
          <Diff
            key={`${file.oldPath}-${file.newPath}-${index}`}
            viewType={viewType}
            diffType={file.type}
            hunks={file.hunks}
            tokens={tokens}
          >
            {(hunks) => hunks.map((hunk) => <Hunk key={hunk.content} hunk={hunk} />)}
          </Diff>
        );
      })}
    </div>
  );
}
