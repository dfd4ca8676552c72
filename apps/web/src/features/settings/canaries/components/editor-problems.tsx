import type { YamlProblem } from './use-canary-draft.ts';
import type { SchemaProblem } from './yaml-editor.tsx';

export interface EditorProblemsProps {
  yamlProblem: YamlProblem | null;
  schemaProblems: readonly SchemaProblem[];
}

export const yamlProblemsId = 'canary-yaml-problems';

/** Why the YAML cannot be saved as it is, or null when it can. */
export function yamlBlockingMessage(
  yamlProblem: YamlProblem | null,
  schemaProblems: readonly SchemaProblem[],
): string | null {
  if (yamlProblem !== null) return 'The YAML is not valid; fix it before saving.';
  if (schemaProblems.length > 0) {
    return 'The YAML does not match the Canary schema; fix the problems under the editor before saving.';
  }
  return null;
}

/** The schema's messages name keys `like this`: shown as code rather than with backticks. */
function Marked({ text }: { text: string }) {
  return text
    .split('`')
    .map((part, index) =>
      index % 2 === 1 ? <code key={index}>{part}</code> : <span key={index}>{part}</span>,
    );
}

/** What is wrong with the YAML, in words under the editor (the editor marks the lines too). */
export function EditorProblems({ yamlProblem, schemaProblems }: EditorProblemsProps) {
  if (yamlProblem === null && schemaProblems.length === 0) return null;
  return (
    <div
      id={yamlProblemsId}
      role="alert"
      aria-label="YAML problems"
      className="space-y-1 text-sm text-unhealthy"
    >
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
              Line {problem.line}: <Marked text={problem.message} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
