import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { apiBase } from '@/lib/api-endpoints.ts';
import { playbookKeys } from './playbook-keys.ts';

const outputEvent = z.object({ id: z.string(), text: z.string() });

/**
 * A live run's output by action id, from GET /api/playbook/run/{id}/logs/stream (SSE). When
 * the stream fails the run page still refetches every 5 s (its `live_log` holds the same text).
 */
export function useRunLogStream(runId: string, live: boolean): ReadonlyMap<string, string> {
  const queryClient = useQueryClient();
  const [output, setOutput] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    if (!live || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${apiBase('playbook')}/run/${runId}/logs/stream`);
    const refresh = () => void queryClient.invalidateQueries({ queryKey: playbookKeys.run(runId) });
    // Each connection (and each reconnection) replays the output from its start.
    source.addEventListener('open', () => setOutput(new Map()));
    source.addEventListener('output', (event: MessageEvent<string>) => {
      const parsed = outputEvent.safeParse(JSON.parse(event.data));
      if (!parsed.success) return;
      const { id, text } = parsed.data;
      setOutput((before) => new Map(before).set(id, (before.get(id) ?? '') + text));
    });
    source.addEventListener('action', refresh);
    source.addEventListener('end', () => {
      source.close();
      refresh();
    });
    // After an error EventSource retries by itself; a 4xx answer closes it for good.
    return () => source.close();
  }, [runId, live, queryClient]);
  return output;
}
