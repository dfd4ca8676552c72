// The canaries area's public surface: other areas edit their YAML resources with the same editor.
export { LazyYamlEditor } from './components/lazy-yaml-editor.tsx';
export { EditorProblems } from './components/editor-problems.tsx';
export type { SchemaProblem } from './components/yaml-editor.tsx';
export type { YamlProblem } from './components/use-canary-draft.ts';
export { LazyJsonEditor } from './components/lazy-json-editor.tsx';
export { labelsToJson, parseLabelsJson } from './model/labels-json.ts';
