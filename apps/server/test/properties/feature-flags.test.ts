import { describe, expect, it } from 'vitest';
import { testActorHeader } from '../app.ts';
import { useDataApi } from '../data-api/helpers.ts';

// Only the area under test boots (identity comes with it).
const api = useDataApi({ modules: ['properties'] });

/** The id the test harness gives every signed-in test actor. */
const testActorId = '00000000-0000-0000-0000-0000000000aa';

describe('feature flags made in the console', () => {
  it('records the signed-in person as the creator, whatever the body says', async () => {
    await api.query(`insert into people (id, name) values ($1, 'Test Admin')`, [testActorId]);
    const created = await api.request('properties', {
      method: 'POST',
      role: 'admin',
      body: { name: 'topology.disable', value: 'true', source: 'UI', created_by: null },
    });
    expect(created.status).toBe(201);
    const listed = await fetch(`${api.baseUrl}/api/properties`, {
      headers: { [testActorHeader]: 'viewer' },
    });
    expect(await listed.json()).toContainEqual(
      expect.objectContaining({
        name: 'topology.disable',
        source: 'UI',
        created_by: { id: testActorId, name: 'Test Admin' },
      }),
    );
  });
});
