import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';
import { EditorView, type Extension } from '@uiw/react-codemirror';
import type { ResolvedTheme } from './theme.ts';

/**
 * The code editors' look in the console's colours. CodeMirror's stock dark theme paints the
 * gutter and some punctuation under AA contrast (axe), so both themes use these instead;
 * every colour below is at least 4.5:1 on its theme's surface.
 */
const palettes = {
  light: {
    key: '#0550ae',
    string: '#0a3069',
    literal: '#953800',
    keyword: '#cf222e',
    comment: '#57606a',
    plain: '#24292f',
    invalid: '#82071e',
  },
  dark: {
    key: '#79c0ff',
    string: '#a5d6ff',
    literal: '#ffa657',
    keyword: '#ff7b72',
    comment: '#9ca3af',
    plain: '#e2e8f0',
    invalid: '#ffa198',
  },
} as const;

function highlightFor(theme: ResolvedTheme): HighlightStyle {
  const colour = palettes[theme];
  return HighlightStyle.define([
    { tag: [t.propertyName, t.definition(t.propertyName), t.attributeName], color: colour.key },
    { tag: [t.string, t.special(t.string), t.content], color: colour.string },
    { tag: [t.number, t.bool, t.null, t.atom, t.unit], color: colour.literal },
    { tag: [t.keyword, t.operator, t.tagName], color: colour.keyword },
    { tag: [t.comment, t.lineComment, t.blockComment], color: colour.comment },
    {
      tag: [t.punctuation, t.separator, t.bracket, t.meta, t.labelName, t.typeName],
      color: colour.plain,
    },
    { tag: t.invalid, color: colour.invalid },
  ]);
}

function chromeFor(theme: ResolvedTheme): Extension {
  return EditorView.theme(
    {
      '&': { backgroundColor: 'var(--vigil-surface)', color: 'var(--vigil-fg)' },
      '.cm-content': { caretColor: 'var(--vigil-fg)' },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--vigil-fg)' },
      '.cm-gutters': {
        backgroundColor: 'var(--vigil-surface)',
        color: 'var(--vigil-fg-muted)',
        borderRight: '1px solid var(--vigil-border)',
      },
      '.cm-activeLine': { backgroundColor: 'var(--vigil-surface-muted)' },
      '.cm-activeLineGutter': {
        backgroundColor: 'var(--vigil-surface-muted)',
        color: 'var(--vigil-fg)',
      },
      '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
        backgroundColor: theme === 'dark' ? '#1e3a5f' : '#cfe3ff',
      },
      '.cm-placeholder': { color: 'var(--vigil-fg-muted)' },
      '.cm-tooltip': {
        backgroundColor: 'var(--vigil-surface)',
        color: 'var(--vigil-fg)',
        border: '1px solid var(--vigil-border)',
      },
    },
    { dark: theme === 'dark' },
  );
}

const built = new Map<ResolvedTheme, Extension>();

/** The editor theme for the console's resolved theme: pass it as CodeMirror's `theme`. */
export function codeEditorTheme(theme: ResolvedTheme): Extension {
  let extension = built.get(theme);
  if (extension === undefined) {
    extension = [chromeFor(theme), syntaxHighlighting(highlightFor(theme))];
    built.set(theme, extension);
  }
  return extension;
}
