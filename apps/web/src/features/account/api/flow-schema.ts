import { identityFlowSchema, type IdentityFlow } from '@vigil/domain';

export {
  identityErrorBodySchema,
  uiNodeSchema,
  uiTextSchema,
  type AnchorNode,
  type IdentityErrorBody,
  type ImgNode,
  type InputNode,
  type ScriptNode,
  type TextNode,
  type UiNode,
  type UiText,
} from '@vigil/domain';

export const flowSchema = identityFlowSchema;
export type Flow = IdentityFlow;

export function parseFlow(value: unknown): Flow | undefined {
  const parsed = flowSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
