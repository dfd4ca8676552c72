import type { PlaybookRunDetail } from '@vigil/domain';
import { z } from 'zod';

const output = z
  .object({
    stdout: z.string().optional(),
    stderr: z.string().optional(),
    content: z.string().optional(),
  })
  .loose();

/** A run's output as one text: each action's header, then its stdout, stderr and error. */
export function runLogs(run: PlaybookRunDetail): string {
  const lines = [`# ${run.playbook_name} run ${run.id}: ${run.status}`];
  if (run.error) lines.push(`error: ${run.error}`);
  for (const action of run.actions) {
    lines.push('', `## ${action.name} (${action.status})`);
    const result = output.safeParse(action.result);
    if (result.success) {
      if (result.data.stdout) lines.push(result.data.stdout.trimEnd());
      if (result.data.stderr) lines.push(`stderr:\n${result.data.stderr.trimEnd()}`);
      if (result.data.content) lines.push(result.data.content.trimEnd());
    }
    if (action.error) lines.push(`error: ${action.error}`);
  }
  return `${lines.join('\n')}\n`;
}
