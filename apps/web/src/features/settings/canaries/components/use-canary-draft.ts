import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  applyFormValues,
  formValuesFrom,
  type CanaryFormValues,
} from '../model/canary-form-values.ts';
import { parseCanaryYaml, resourceToYaml, type CanaryResource } from '../model/canary-resource.ts';
import type { CheckForm } from '../model/check-form.ts';

export interface YamlProblem {
  message: string;
  line: number | undefined;
}

export interface CanaryDraft {
  yaml: string;
  yamlProblem: YamlProblem | null;
  /** The last resource both views agree on; invalid YAML never replaces it. */
  current: () => CanaryResource;
  onYamlChange: (text: string) => void;
}

const same = (a: CanaryResource, b: CanaryResource): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Keeps the structured form and the YAML in step: a form edit rewrites the YAML, a YAML edit
 * that parses resets the form to it. YAML that does not parse is reported and kept as typed;
 * an emptied editor is an empty object. When editing, a YAML without a name keeps the fixed one.
 */
export function useCanaryDraft(
  initial: CanaryResource,
  form: CheckForm | undefined,
  methods: UseFormReturn<CanaryFormValues>,
  isEdit: boolean,
): CanaryDraft {
  const resource = useRef(initial);
  const fromYaml = useRef(false);
  const [yaml, setYaml] = useState(() => resourceToYaml(initial));
  const [yamlProblem, setYamlProblem] = useState<YamlProblem | null>(null);
  const { watch, getValues, reset } = methods;
  const { name, namespace } = initial.metadata;
  const identity = useMemo(() => ({ name, namespace }), [name, namespace]);

  useEffect(() => {
    const subscription = watch(() => {
      if (fromYaml.current) return;
      const next = applyFormValues(resource.current, getValues(), form);
      if (same(next, resource.current)) return;
      resource.current = next;
      setYaml(resourceToYaml(next));
      setYamlProblem(null);
    });
    return () => subscription.unsubscribe();
  }, [watch, getValues, form]);

  const onYamlChange = useCallback(
    (text: string) => {
      setYaml(text);
      const parsed = parseCanaryYaml(text, isEdit ? identity : undefined);
      if (!parsed.ok) {
        setYamlProblem({ message: parsed.message, line: parsed.line });
        return;
      }
      setYamlProblem(null);
      resource.current = parsed.resource;
      fromYaml.current = true;
      try {
        reset(formValuesFrom(parsed.resource, form), { keepDefaultValues: true });
      } finally {
        fromYaml.current = false;
      }
    },
    [reset, form, isEdit, identity],
  );

  return { yaml, yamlProblem, current: () => resource.current, onYamlChange };
}
