import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchResponseSchema } from '@vigil/domain';
import { useEffect, useState } from 'react';
import { apiRequest } from '@/lib/http.ts';

/** Long enough to skip the keystrokes of a word, short enough to feel instant. */
const typingPauseMs = 120;

function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), typingPauseMs);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/** The server's ranked results for what is typed; none until something is. */
export function usePaletteSearch(text: string) {
  const settled = useSettled(text.trim());
  return useQuery({
    queryKey: ['search', settled],
    queryFn: ({ signal }) =>
      apiRequest('root', '/search', searchResponseSchema, {
        query: { q: settled, limit: 20 },
        signal,
      }),
    enabled: settled !== '',
    staleTime: 10_000,
    placeholderData: keepPreviousData,
    select: (response) => response.results,
  });
}
