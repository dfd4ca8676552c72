import type { CheckField } from './check-fields.ts';

/** A structured form for one check type (spec 002 §3); the rest use the YAML editor only. */
export interface CheckForm {
  /** The check list under `spec` the form edits the first entry of. */
  readonly specKey: string;
  readonly fields: readonly CheckField[];
}
