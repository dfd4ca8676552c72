import { z } from 'zod';

// The Ory Kratos self-service contract: what /api/identity answers and the web's forms render.

/** Kratos UI text: messages, labels and the text of text nodes. */
export const uiTextSchema = z.object({
  id: z.number(),
  text: z.string(),
  type: z.string(),
  context: z.record(z.string(), z.unknown()).optional(),
});
export type UiText = z.infer<typeof uiTextSchema>;

/** default, password, oidc, profile, lookup_secret, totp, webauthn; kept open for new methods. */
const groupSchema = z.string();

const messagesSchema = z.array(uiTextSchema).optional().default([]);

const inputAttributesSchema = z.object({
  node_type: z.literal('input'),
  name: z.string(),
  type: z.string(),
  value: z.unknown().optional(),
  required: z.boolean().optional(),
  disabled: z.boolean().optional(),
  autocomplete: z.string().optional(),
  pattern: z.string().optional(),
  onclick: z.string().optional(),
});

const textAttributesSchema = z.object({
  node_type: z.literal('text'),
  id: z.string(),
  text: uiTextSchema,
});

const imgAttributesSchema = z.object({
  node_type: z.literal('img'),
  id: z.string(),
  src: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
});

const scriptAttributesSchema = z.object({
  node_type: z.literal('script'),
  id: z.string(),
  src: z.string(),
  async: z.boolean().optional(),
  crossorigin: z.string().optional(),
  integrity: z.string().optional(),
  referrerpolicy: z.string().optional(),
  type: z.string().optional(),
  nonce: z.string().optional(),
});

const anchorAttributesSchema = z.object({
  node_type: z.enum(['a', 'anchor']),
  id: z.string(),
  href: z.string(),
  title: uiTextSchema,
});

const metaSchema = z.object({ label: uiTextSchema.nullish() }).optional().default({});

const nodeBase = { group: groupSchema, messages: messagesSchema, meta: metaSchema };

export const uiNodeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('input'), attributes: inputAttributesSchema, ...nodeBase }),
  z.object({ type: z.literal('text'), attributes: textAttributesSchema, ...nodeBase }),
  z.object({ type: z.literal('img'), attributes: imgAttributesSchema, ...nodeBase }),
  z.object({ type: z.literal('script'), attributes: scriptAttributesSchema, ...nodeBase }),
  z.object({ type: z.literal('a'), attributes: anchorAttributesSchema, ...nodeBase }),
  z.object({ type: z.literal('anchor'), attributes: anchorAttributesSchema, ...nodeBase }),
]);
export type UiNode = z.infer<typeof uiNodeSchema>;
export type InputNode = Extract<UiNode, { type: 'input' }>;
export type TextNode = Extract<UiNode, { type: 'text' }>;
export type ImgNode = Extract<UiNode, { type: 'img' }>;
export type ScriptNode = Extract<UiNode, { type: 'script' }>;
export type AnchorNode = Extract<UiNode, { type: 'a' | 'anchor' }>;

export const identityFlowSchema = z.object({
  id: z.string(),
  type: z.string().optional(),
  state: z.string().nullish(),
  return_to: z.string().nullish(),
  refresh: z.boolean().optional(),
  requested_aal: z.string().optional(),
  ui: z.object({
    action: z.string(),
    method: z.string(),
    messages: messagesSchema,
    nodes: z.array(uiNodeSchema),
  }),
});
export type IdentityFlow = z.infer<typeof identityFlowSchema>;

/** The error body of a rejected identity call: `{error: {id, …}, redirect_browser_to?}`. */
export const identityErrorBodySchema = z.object({
  error: z
    .object({
      id: z.string().optional(),
      code: z.number().optional(),
      status: z.string().optional(),
      reason: z.string().optional(),
      message: z.string().optional(),
    })
    .optional(),
  redirect_browser_to: z.string().optional(),
});
export type IdentityErrorBody = z.infer<typeof identityErrorBodySchema>;

/** GET /self-service/logout/browser: the URL and token that end the browser's session. */
export const logoutFlowSchema = z.object({ logout_url: z.string(), logout_token: z.string() });

/** A stored flow error (GET /self-service/errors). */
export const flowErrorSchema = z.object({
  id: z.string(),
  error: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});

/** The Kratos session (GET /sessions/whoami); fields beyond these are kept. */
export const identitySessionSchema = z
  .object({
    id: z.string(),
    active: z.boolean(),
    identity: z.object({ id: z.string(), traits: z.record(z.string(), z.unknown()) }).loose(),
  })
  .loose();
