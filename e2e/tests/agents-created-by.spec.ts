import { z } from 'zod';
import { authStatePath, expect, snapshot, test } from '../fixtures.ts';
import { roleApi } from '../api.ts';

const suffix = Date.now().toString(36);
const agentName = `e2e-from-catalog-${suffix}`;
const clusterName = `e2e-cluster-${suffix}`;

test.use({ storageState: authStatePath('admin') });

test('the Created By cell links to the catalog item that created the agent', async ({ page }) => {
  const admin = await roleApi();
  try {
    const item = await admin.post('/api/db/config_items', {
      data: { type: 'Kubernetes::Cluster', name: clusterName },
      headers: { Prefer: 'return=representation' },
    });
    expect(item.status(), await item.text()).toBe(201);
    const [cluster] = z.array(z.object({ id: z.string() })).parse(await item.json());
    const created = await admin.post('/api/agent/generate', {
      data: { name: agentName, created_by_config: cluster?.id },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto('/agents');
    const row = page
      .getByRole('table', { name: 'Agents' })
      .getByRole('row')
      .filter({ hasText: agentName });
    const link = row.getByRole('link', { name: clusterName });
    await expect(link).toHaveAttribute('href', `/catalog/${cluster?.id}`);
    await snapshot(page, 'agents-created-by-catalog');
    await link.click();
    await expect(page).toHaveURL(`/catalog/${cluster?.id}`);
  } finally {
    await admin.patch(`/api/db/agents?name=eq.${agentName}`, {
      data: { deleted_at: new Date().toISOString(), cleanup: true },
    });
    await admin.dispose();
  }
});
