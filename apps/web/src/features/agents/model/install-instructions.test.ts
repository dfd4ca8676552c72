import { parseAllDocuments } from 'yaml';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  cliCommand,
  kubernetesManifest,
  kubernetesName,
  shellQuote,
  sourceCommand,
} from './install-instructions.ts';

const target = {
  upstream: 'https://vigil.example.com',
  name: 'eu-prod',
  token: 'vga_0123456789abcdef0123456789abcdef.AbC-_x',
};

describe('install commands', () => {
  it('gives the exact vigil agent command', () => {
    expect(cliCommand(target)).toBe(
      `vigil agent --upstream https://vigil.example.com --token ${target.token} --name eu-prod`,
    );
    expect(sourceCommand(target)).toBe(`npm run vigil -- agent ${cliCommand(target).slice(12)}`);
  });

  it('quotes names a shell would split or expand', () => {
    expect(shellQuote('EU prod')).toBe("'EU prod'");
    expect(shellQuote("it's $HOME")).toBe(`'it'"'"'s $HOME'`);
    expect(cliCommand({ ...target, name: 'EU prod' })).toMatch(/--name 'EU prod'$/);
  });
});

const labels = z.record(z.string(), z.string());
const secretSchema = z.object({
  kind: z.literal('Secret'),
  metadata: z.object({ name: z.string() }),
  stringData: z.record(z.string(), z.string()),
});
const deploymentSchema = z.object({
  kind: z.literal('Deployment'),
  spec: z.object({
    selector: z.object({ matchLabels: labels }),
    template: z.object({
      metadata: z.object({ labels }),
      spec: z.object({
        containers: z.array(z.object({ args: z.array(z.string()), envFrom: z.unknown() })),
      }),
    }),
  }),
});

describe('kubernetesManifest', () => {
  it('is a Secret with the token and a Deployment that runs vigil agent from it', () => {
    const docs = parseAllDocuments(kubernetesManifest(target));
    expect(docs).toHaveLength(2);
    const secret = secretSchema.parse(docs[0]?.toJS());
    const deployment = deploymentSchema.parse(docs[1]?.toJS());
    expect(secret.metadata.name).toBe('vigil-agent-eu-prod');
    expect(secret.stringData).toEqual({
      VIGIL_UPSTREAM: target.upstream,
      VIGIL_AGENT_TOKEN: target.token,
    });
    const container = deployment.spec.template.spec.containers[0];
    expect(container?.args).toEqual([
      'agent',
      '--upstream',
      '$(VIGIL_UPSTREAM)',
      '--token',
      '$(VIGIL_AGENT_TOKEN)',
      '--name',
      'eu-prod',
    ]);
    expect(container?.envFrom).toEqual([{ secretRef: { name: 'vigil-agent-eu-prod' } }]);
    expect(JSON.stringify(deployment)).not.toContain(target.token);
    expect(kubernetesManifest(target)).not.toMatch(/[&*]a\d/);
    expect(deployment.spec.selector.matchLabels).toEqual(deployment.spec.template.metadata.labels);
  });

  it('makes a DNS-1123 name from any agent name', () => {
    expect(kubernetesName('EU Prod #1')).toBe('vigil-agent-eu-prod-1');
    expect(kubernetesName('***')).toBe('vigil-agent');
    expect(kubernetesName('x'.repeat(100)).length).toBeLessThanOrEqual(63);
  });
});
