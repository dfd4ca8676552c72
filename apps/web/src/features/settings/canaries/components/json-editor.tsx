import { json } from '@codemirror/lang-json';
import CodeMirror, { EditorView, Prec, type Extension } from '@uiw/react-codemirror';
import { useMemo } from 'react';
import { cx } from '@/ui/class-names.ts';
import { codeEditorTheme } from '@/ui/code-editor-theme.ts';
import { useResolvedTheme } from '@/ui/theme.ts';

export interface JsonEditorProps {
  value: string;
  onChange: (text: string) => void;
  onBlur: () => void;
  readOnly: boolean;
  /** The id of the element that names the editor. */
  labelledBy: string;
  invalid: boolean;
  /** The id of the text that says what is wrong, while something is. */
  describedBy: string | undefined;
}

/** A small CodeMirror JSON editor for a form field (the Labels of a canary). */
export function JsonEditor({
  value,
  onChange,
  onBlur,
  readOnly,
  labelledBy,
  invalid,
  describedBy,
}: JsonEditorProps) {
  const theme = useResolvedTheme();
  const extensions = useMemo((): Extension[] => {
    const attributes: Record<string, string> = { 'aria-labelledby': labelledBy };
    if (invalid) attributes['aria-invalid'] = 'true';
    if (describedBy !== undefined) attributes['aria-describedby'] = describedBy;
    const extensions = [
      json(),
      EditorView.contentAttributes.of(attributes),
      EditorView.lineWrapping,
    ];
    // Read only, it looks like the disabled fields around it.
    if (readOnly)
      extensions.push(Prec.highest(EditorView.theme({ '&': { backgroundColor: 'transparent' } })));
    return extensions;
  }, [labelledBy, invalid, describedBy, readOnly]);

  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      theme={codeEditorTheme(theme)}
      extensions={extensions}
      readOnly={readOnly}
      editable={!readOnly}
      // Tab moves on to the next field, as in the rest of the form.
      indentWithTab={false}
      placeholder="{}"
      minHeight="64px"
      maxHeight="240px"
      basicSetup={{
        lineNumbers: false,
        foldGutter: false,
        highlightActiveLine: false,
        highlightActiveLineGutter: false,
      }}
      className={cx(
        'overflow-hidden rounded-md border border-border text-sm',
        readOnly && 'bg-surface-muted opacity-60',
      )}
    />
  );
}
