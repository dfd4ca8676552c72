import { z } from 'zod';
import { uiTextSchema, type TextNode } from '../api/flow-schema.ts';
import { nodeLabel } from './node-values.ts';
import { NodeMessages } from './ui-messages.tsx';

/** Text id of the list of lookup secrets (recovery codes), and of a secret already used. */
export const lookupSecretListId = 1050015;
export const usedLookupSecretId = 1050014;

const secretsSchema = z.object({ secrets: z.array(uiTextSchema) });

function LookupSecrets({ context }: { context: Record<string, unknown> | undefined }) {
  const parsed = secretsSchema.safeParse(context);
  const secrets = parsed.success ? parsed.data.secrets : [];
  return (
    <ul
      aria-label="Recovery codes"
      className="grid grid-cols-2 gap-2 rounded-md border border-border bg-surface-muted p-3 font-mono text-sm sm:grid-cols-3"
    >
      {secrets.map((secret, index) => (
        <li
          key={`${index}:${secret.text}`}
          className={secret.id === usedLookupSecretId ? 'text-fg-muted line-through' : 'text-fg'}
        >
          {secret.id === usedLookupSecretId ? 'Used' : secret.text}
        </li>
      ))}
    </ul>
  );
}

/** Text nodes: a label and a value such as the TOTP secret, or the list of recovery codes. */
export function TextNodeView({ node }: { node: TextNode }) {
  const { id, text } = node.attributes;
  const label = nodeLabel(node);
  return (
    <div id={id} className="space-y-1.5">
      {label !== undefined && <p className="text-sm font-medium text-fg">{label}</p>}
      {text.id === lookupSecretListId ? (
        <LookupSecrets context={text.context} />
      ) : (
        <p className="rounded-md bg-surface-muted px-3 py-2 font-mono text-sm break-all text-fg">
          {text.text}
        </p>
      )}
      <NodeMessages messages={node.messages} />
    </div>
  );
}
