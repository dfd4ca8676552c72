import { json } from '@codemirror/lang-json';
import { yaml } from '@codemirror/lang-yaml';
import CodeMirror, { EditorView, type Extension } from '@uiw/react-codemirror';
import { codePropertiesOf, type CodeProperties } from '@vigil/domain';
import { useMemo } from 'react';
import { codeEditorTheme } from '@/ui/code-editor-theme.ts';
import { useResolvedTheme } from '@/ui/theme.ts';
import type { ParameterFieldProps } from './parameter-field-props.ts';

/** Editor heights by the spec's size names (spec 000 §9: code editors use the modal sizes). */
const heights: Record<NonNullable<CodeProperties['size']>, string> = {
  'very-small': '80px',
  small: '120px',
  medium: '200px',
  large: '320px',
  full: '480px',
};

function languageOf(language: string | undefined): Extension[] {
  switch (language?.toLowerCase()) {
    case 'json':
      return [json()];
    case 'yaml':
    case 'yml':
      return [yaml()];
    default:
      return [];
  }
}

export function CodeEditor(props: ParameterFieldProps) {
  const theme = useResolvedTheme();
  const { size = 'small', language } = codePropertiesOf(props.parameter);
  const { id, label, error } = props;
  const extensions = useMemo(
    () => [
      ...languageOf(language),
      EditorView.contentAttributes.of({
        id,
        'aria-label': label,
        ...(error === undefined
          ? {}
          : { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` }),
      }),
      EditorView.lineWrapping,
    ],
    [language, id, label, error],
  );
  return (
    <CodeMirror
      value={props.value}
      onChange={props.onChange}
      onBlur={props.onBlur}
      theme={codeEditorTheme(theme)}
      extensions={extensions}
      editable={!props.disabled}
      minHeight={heights[size]}
      maxHeight="60vh"
      basicSetup={{ foldGutter: false, highlightActiveLine: false }}
      className="overflow-hidden rounded-md border border-border text-sm"
    />
  );
}
