import { forEachDiagnostic, lintGutter } from '@codemirror/lint';
import CodeMirror, { EditorView, type Extension } from '@uiw/react-codemirror';
import { yamlSchema } from 'codemirror-json-schema/yaml';
import type { JSONSchema7 } from 'json-schema';
import { useMemo } from 'react';

export interface SchemaProblem {
  line: number;
  message: string;
}

export interface YamlEditorProps {
  value: string;
  onChange: (text: string) => void;
  /** Validated against as you type, with hover docs and completion from it. */
  schema: JSONSchema7 | undefined;
  readOnly: boolean;
  label: string;
  /** Called whenever the linter's findings change. */
  onProblems: (problems: SchemaProblem[]) => void;
}

/** Tells the page what the linter found, each time that changes. */
function problemReporter(onProblems: (problems: SchemaProblem[]) => void): Extension {
  let last = '';
  return EditorView.updateListener.of((update) => {
    const problems: SchemaProblem[] = [];
    forEachDiagnostic(update.state, (diagnostic) => {
      problems.push({
        line: update.state.doc.lineAt(diagnostic.from).number,
        message: diagnostic.message,
      });
    });
    const key = JSON.stringify(problems);
    if (key === last) return;
    last = key;
    onProblems(problems);
  });
}

/**
 * CodeMirror with YAML and the Canary schema (codemirror-json-schema). Loaded only where an
 * editor is shown: it brings shiki and markdown-it with it.
 */
export function YamlEditor({
  value,
  onChange,
  schema,
  readOnly,
  label,
  onProblems,
}: YamlEditorProps) {
  const extensions = useMemo(
    (): Extension[] => [
      yamlSchema(schema),
      lintGutter(),
      EditorView.contentAttributes.of({ 'aria-label': label }),
      EditorView.lineWrapping,
      problemReporter(onProblems),
    ],
    [schema, label, onProblems],
  );

  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      readOnly={readOnly}
      editable={!readOnly}
      minHeight="320px"
      maxHeight="70vh"
      basicSetup={{ foldGutter: true, highlightActiveLine: !readOnly }}
      className="overflow-hidden rounded-md border border-border text-sm"
    />
  );
}
