import { useEffect } from 'react';
import type { ScriptNode } from '../api/flow-schema.ts';

/**
 * Adds the flow's script (the WebAuthn helper) to the document. React does not run scripts it
 * renders itself, so the element is created by hand and removed with the node.
 */
export function ScriptNodeView({ node }: { node: ScriptNode }) {
  const { id, src, async, crossorigin, integrity, referrerpolicy, type, nonce } = node.attributes;
  useEffect(() => {
    const script = document.createElement('script');
    script.id = id;
    script.src = src;
    script.async = async ?? false;
    const optional = { crossorigin, integrity, referrerpolicy, type, nonce };
    for (const [name, value] of Object.entries(optional)) {
      if (value !== undefined) script.setAttribute(name, value);
    }
    document.body.appendChild(script);
    return () => script.remove();
  }, [id, src, async, crossorigin, integrity, referrerpolicy, type, nonce]);
  return null;
}
