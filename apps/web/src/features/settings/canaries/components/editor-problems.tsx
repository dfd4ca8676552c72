import type { YamlProblem } from './use-canary-draft.ts';
import type { SchemaProblem } from './yaml-editor.tsx';

export interface EditorProblemsProps {
  yamlProblem: YamlProblem | null;
  schemaProblems: readonly SchemaProblem[];
}

/** What is wrong with the YAML, in words under the editor (the editor marks the lines too). */
export function EditorProblems({ yamlProblem, schemaProblems }: EditorProblemsProps) {
  if (yamlProblem === null && schemaProblems.length === 0) return null;
  return (
    <div role="alert" aria-label="YAML problems" className="space-y-1 text-sm text-unhealthy">
      {yamlProblem !== null && (
        <p>
          Invalid YAML{yamlProblem.line === undefined ? '' : ` (line ${yamlProblem.line})`}:{' '}
          {yamlProblem.message}
        </p>
      )}
      {schemaProblems.length > 0 && (
        <ul className="space-y-0.5">
          {schemaProblems.map((problem, index) => (
            <li key={`${problem.line}-${index}`}>
              Line {problem.line}: {problem.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
