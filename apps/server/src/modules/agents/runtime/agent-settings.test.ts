import { describe, expect, it } from 'vitest';
import { loadAgentSettings } from './agent-settings.ts';

const token = `vga_${'a'.repeat(32)}.${'b'.repeat(43)}`;

describe('loadAgentSettings', () => {
  it('reads flags over the environment, with defaults for the rest', () => {
    const settings = loadAgentSettings(
      { VIGIL_AGENT_UPSTREAM: 'http://old:8080', VIGIL_AGENT_NAME: 'env-name', HOME: '/root' },
      { upstream: 'https://vigil.example.com/', token, name: 'eu-prod' },
    );
    expect(settings).toMatchObject({
      VIGIL_AGENT_UPSTREAM: 'https://vigil.example.com',
      VIGIL_AGENT_TOKEN: token,
      VIGIL_AGENT_NAME: 'eu-prod',
      VIGIL_AGENT_PUSH_INTERVAL: 5,
      VIGIL_AGENT_BATCH_SIZE: 500,
      VIGIL_AGENT_HEARTBEAT: 30,
    });
  });

  it.each([
    [{ token, name: 'a' }, /invalid --upstream \[VIGIL_AGENT_UPSTREAM\]: is required/],
    [{ upstream: 'ftp://x', token, name: 'a' }, /--upstream .*http\(s\) URL/],
    [{ upstream: 'http://x', token: 'vgt_personal', name: 'a' }, /--token .*agent access token/],
    [{ upstream: 'http://x', token }, /--name \[VIGIL_AGENT_NAME\]: is required/],
  ])('names the flag that is missing or wrong (%o)', (options, message) => {
    expect(() => loadAgentSettings({}, options)).toThrow(message);
  });

  it('refuses batches above the 500 rows the spec allows', () => {
    expect(() =>
      loadAgentSettings(
        { VIGIL_AGENT_BATCH_SIZE: '501' },
        { upstream: 'http://x', token, name: 'a' },
      ),
    ).toThrow(/VIGIL_AGENT_BATCH_SIZE/);
  });
});
