import { z } from 'zod';

export const nodeGroups = [
  'default',
  'password',
  'oidc',
  'profile',
  'lookup_secret',
  'totp',
  'webauthn',
] as const;
export type NodeGroup = (typeof nodeGroups)[number];

export const uiTextSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  type: z.enum(['info', 'error', 'success']),
  context: z.record(z.string(), z.unknown()).optional(),
});
export type UiText = z.infer<typeof uiTextSchema>;

const inputAttributes = z.object({
  node_type: z.literal('input'),
  name: z.string(),
  type: z.enum(['text', 'password', 'number', 'checkbox', 'hidden', 'email', 'submit', 'button']),
  value: z.unknown().optional(),
  required: z.boolean().optional(),
  disabled: z.boolean(),
  autocomplete: z.string().optional(),
  onclick: z.string().optional(),
});
const textAttributes = z.object({
  node_type: z.literal('text'),
  id: z.string(),
  text: uiTextSchema,
});
const imgAttributes = z.object({
  node_type: z.literal('img'),
  id: z.string(),
  src: z.string(),
  width: z.number(),
  height: z.number(),
});
const scriptAttributes = z.object({
  node_type: z.literal('script'),
  id: z.string(),
  src: z.string(),
  async: z.boolean(),
  crossorigin: z.string(),
  integrity: z.string(),
  referrerpolicy: z.string(),
  type: z.string(),
  nonce: z.string(),
});
const anchorAttributes = z.object({
  node_type: z.literal('a'),
  id: z.string(),
  href: z.string(),
  title: uiTextSchema,
});

export const uiNodeSchema = z.object({
  type: z.enum(['input', 'text', 'img', 'script', 'a']),
  group: z.enum(nodeGroups),
  attributes: z.discriminatedUnion('node_type', [
    inputAttributes,
    textAttributes,
    imgAttributes,
    scriptAttributes,
    anchorAttributes,
  ]),
  messages: z.array(uiTextSchema),
  meta: z.object({ label: uiTextSchema.optional() }),
});
export type UiNode = z.infer<typeof uiNodeSchema>;
export type InputAttributes = z.infer<typeof inputAttributes>;

export const uiContainerSchema = z.object({
  action: z.string(),
  method: z.string(),
  messages: z.array(uiTextSchema).optional(),
  nodes: z.array(uiNodeSchema),
});
export type UiContainer = z.infer<typeof uiContainerSchema>;
