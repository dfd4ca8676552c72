import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import CodeMirror, { EditorView, ViewPlugin, type Extension } from '@uiw/react-codemirror';
import { getJSONSchema } from 'codemirror-json-schema';
import { yamlSchema, yamlSchemaLinter } from 'codemirror-json-schema/yaml';
import type { JSONSchema7 } from 'json-schema';
import { useMemo } from 'react';
import { codeEditorTheme } from '@/ui/code-editor-theme.ts';
import { useResolvedTheme } from '@/ui/theme.ts';
import type { TextProblem } from '../model/schedule-problems.ts';

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
  /** Called whenever the schema problems of the text change (syntax errors are the page's). */
  onProblems: (problems: SchemaProblem[]) => void;
  /** Rules the schema cannot express: marked in the gutter and reported with its problems. */
  check?: (text: string) => TextProblem[];
}

const noChecks = (): TextProblem[] => [];

function diagnosticsOf(problems: readonly TextProblem[]): Diagnostic[] {
  return problems.map(({ from, to, message }) => ({ from, to, message, severity: 'error' }));
}

/**
 * Tells the page the schema problems of the text it shows, as soon as it changes: the same
 * check as the lint gutter's, run at once rather than after the linter's delay, so that Save
 * never goes out with findings still pending.
 */
function problemReporter(
  onProblems: (problems: SchemaProblem[]) => void,
  check: (text: string) => TextProblem[],
): Extension {
  const schemaLint = yamlSchemaLinter();
  const lint = (view: EditorView) => [
    ...schemaLint(view),
    ...diagnosticsOf(check(view.state.doc.toString())),
  ];
  let checked: { doc: unknown; schema: unknown } | undefined;
  let last = '';
  const report = (view: EditorView) => {
    const { doc } = view.state;
    const schema: unknown = getJSONSchema(view.state);
    if (checked?.doc === doc && checked.schema === schema) return;
    checked = { doc, schema };
    const problems = lint(view).map((diagnostic) => ({
      line: doc.lineAt(diagnostic.from).number,
      message: diagnostic.message,
    }));
    const key = JSON.stringify(problems);
    if (key === last) return;
    last = key;
    onProblems(problems);
  };
  return ViewPlugin.define((view) => {
    report(view);
    return { update: (update) => report(update.view) };
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
  check = noChecks,
}: YamlEditorProps) {
  // CodeMirror's own light theme paints dark text: it must follow the console's theme.
  const theme = useResolvedTheme();
  const extensions = useMemo(
    (): Extension[] => [
      yamlSchema(schema),
      linter((view) => diagnosticsOf(check(view.state.doc.toString()))),
      lintGutter(),
      EditorView.contentAttributes.of({ 'aria-label': label }),
      EditorView.lineWrapping,
      problemReporter(onProblems, check),
    ],
    [schema, label, onProblems, check],
  );

  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      theme={codeEditorTheme(theme)}
      extensions={extensions}
      readOnly={readOnly}
      editable={!readOnly}
      placeholder="Empty ({}): a Canary with an empty spec"
      minHeight="320px"
      maxHeight="70vh"
      basicSetup={{ foldGutter: true, highlightActiveLine: !readOnly }}
      className="overflow-hidden rounded-md border border-border text-sm"
    />
  );
}
