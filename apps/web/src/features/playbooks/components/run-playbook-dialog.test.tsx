import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import {
  deployments,
  everyKindParameters,
  ids,
  restartPlaybook,
  vacuumPlaybook,
} from '../pages/playbook-fixtures.ts';
import { recorder, renderPlaybookRoute } from '../pages/playbook-test-setup.ts';

const server = setupMsw();

const everyKind = {
  ...vacuumPlaybook,
  spec: { ...vacuumPlaybook.spec, parameters: everyKindParameters },
};

const lookups = [
  http.get('/api/db/teams', () => HttpResponse.json([{ id: ids.team, name: 'sre' }])),
  http.get('/api/db/people', () =>
    HttpResponse.json([{ id: ids.person, name: 'Bob Ops', email: 'bob@example.com' }]),
  ),
  http.get('/api/db/components', () =>
    HttpResponse.json([{ id: ids.component, name: 'payments', type: 'Service' }]),
  ),
  http.get('/api/db/config_items', () => HttpResponse.json(deployments)),
  http.get('/api/db/checks', () =>
    HttpResponse.json([{ id: ids.check, name: 'payments-health', type: 'http' }]),
  ),
];

async function openDialog(
  playbook: typeof restartPlaybook,
  params: (body: unknown) => Response,
  extra: RequestHandler[] = [],
) {
  const paramCalls = recorder();
  const runs = recorder();
  const rendered = renderPlaybookRoute(server, '/playbooks', {
    handlers: [
      ...extra,
      http.get('/api/db/playbooks', () => HttpResponse.json([playbook])),
      http.get('/api/db/playbook_runs', () => HttpResponse.json([])),
      paramCalls.post(`/api/playbook/${playbook.id}/params`, params),
      ...lookups,
      http.get('/api/db/playbook_run_actions', () => HttpResponse.json([])),
    ],
  });
  const title = playbook.title ?? playbook.name;
  await rendered.user.click(await screen.findByRole('button', { name: `Run ${title}` }));
  const dialog = await screen.findByRole('dialog', { name: title });
  return { ...rendered, dialog, paramCalls, runs };
}

describe('Run Playbook dialog', () => {
  it('renders every parameter kind with its default and validates with the spec texts', async () => {
    const { dialog, user, paramCalls } = await openDialog(everyKind, () =>
      HttpResponse.json({ params: everyKindParameters }),
    );
    const form = within(dialog);
    // No selectors: no resource picker, the parameters come at once.
    expect(form.queryByLabelText('Catalog Item')).toBeNull();
    expect(paramCalls.bodies[0]).toEqual({ id: ids.vacuum });
    expect(await form.findByLabelText('Deployment name')).toHaveValue('');
    expect(form.getByLabelText('Reason').tagName).toBe('TEXTAREA');
    expect(form.getByLabelText('Replicas')).toHaveValue(3);
    expect(form.getByLabelText('Memory')).toHaveValue(512);
    expect(form.getByLabelText('Memory unit')).toHaveValue('Mi');
    expect(form.getByLabelText('CPU')).toHaveValue(250);
    expect(form.getByLabelText('Dry run')).toBeChecked();
    expect(form.getByLabelText('Strategy')).toHaveValue('rolling');
    expect(await form.findByRole('textbox', { name: 'Patch' })).toHaveTextContent('{"spec": {}}');
    await form.findByRole('option', { name: 'sre' });
    await form.findByRole('option', { name: 'Bob Ops (bob@example.com)' });
    await form.findByRole('option', { name: 'payments (Service)' });
    await form.findByRole('option', { name: 'payments-api (Kubernetes::Deployment)' });
    await form.findByRole('option', { name: 'payments-health (http)' });
    const run = form.getByRole('button', { name: 'Run' });
    expect(run).toBeDisabled();

    const name = form.getByLabelText('Deployment name');
    await user.type(name, 'Payments_API');
    expect(
      form.getByText(
        "Must consist of lowercase alphanumeric characters, '-' or '.', and start and end with an alphanumeric character",
      ),
    ).toBeInTheDocument();
    await user.clear(name);
    expect(form.getByText('This field is required')).toBeInTheDocument();
    await user.type(name, 'payments-api');
    await user.type(form.getByLabelText('Reason'), 'a reason that is far too long');
    expect(form.getByText('Must be at most 20 characters')).toBeInTheDocument();
    await user.clear(form.getByLabelText('Reason'));
    await user.type(form.getByLabelText('Reason'), 'memory leak');
    await user.clear(form.getByLabelText('Replicas'));
    await user.type(form.getByLabelText('Replicas'), '11');
    expect(form.getByText('Must be at most 10')).toBeInTheDocument();
    expect(run).toBeDisabled();
    await user.clear(form.getByLabelText('Replicas'));
    await user.type(form.getByLabelText('Replicas'), '5');
    await user.selectOptions(form.getByLabelText('Memory unit'), 'Gi');
    await user.click(form.getByLabelText('Dry run'));
    await user.selectOptions(form.getByLabelText('Strategy'), 'recreate');
    await user.selectOptions(form.getByLabelText('Owner team'), ids.team);
    await user.selectOptions(form.getByLabelText('Approver'), ids.person);
    await user.selectOptions(form.getByLabelText('Service'), ids.component);
    await user.selectOptions(form.getByLabelText('Related config'), ids.deployment);
    await user.selectOptions(form.getByLabelText('Probe'), ids.check);
    expect(run).toBeEnabled();
  });

  it('sends every value as a string and shows a server field error on its field', async () => {
    const runs = recorder();
    const { dialog, user } = await openDialog(
      everyKind,
      () => HttpResponse.json({ params: everyKindParameters.slice(0, 6) }),
      [
        runs.post('/api/playbook/run', () =>
          HttpResponse.json(
            {
              code: '400',
              message: 'params.name: a run for payments-api is in progress',
              details: null,
              hint: null,
            },
            { status: 400 },
          ),
        ),
      ],
    );
    const form = within(dialog);
    await user.type(await form.findByLabelText('Deployment name'), 'payments-api');
    await user.type(form.getByLabelText('Reason'), 'leak');
    await user.click(form.getByRole('button', { name: 'Run' }));
    expect(await form.findByText('A run for payments-api is in progress')).toBeInTheDocument();
    expect(form.getByLabelText('Deployment name')).toHaveAttribute('aria-invalid', 'true');
    expect(runs.bodies[0]).toEqual({
      id: ids.vacuum,
      params: {
        name: 'payments-api',
        reason: 'leak',
        replicas: '3',
        memory: '512Mi',
        cpu: '250m',
        dry_run: 'true',
      },
    });
    // Editing the field clears the server's message.
    await user.type(form.getByLabelText('Deployment name'), 'x');
    expect(form.queryByText('A run for payments-api is in progress')).toBeNull();
  });

  it('re-evaluates defaults when the resource changes and keeps what the user typed', async () => {
    const { dialog, user, paramCalls } = await openDialog(restartPlaybook, (body) => {
      const config =
        typeof body === 'object' && body !== null && 'config_id' in body ? body.config_id : '';
      const name = config === ids.deployment ? 'payments-api' : 'checkout-web';
      return HttpResponse.json({
        params: [
          { name: 'deployment', label: 'Deployment', type: 'text', required: true, default: name },
          { name: 'note', label: 'Note', type: 'text', required: false },
        ],
      });
    });
    const form = within(dialog);
    expect(form.getByText('Please select a resource to see the parameters.')).toBeInTheDocument();
    await form.findByRole('option', { name: 'payments-api (Kubernetes::Deployment)' });
    await user.selectOptions(form.getByLabelText('Catalog Item'), ids.deployment);
    expect(await form.findByLabelText('Deployment')).toHaveValue('payments-api');
    await user.type(form.getByLabelText('Note'), 'after deploy');
    await user.selectOptions(form.getByLabelText('Catalog Item'), ids.otherDeployment);
    await waitFor(() => expect(form.getByLabelText('Deployment')).toHaveValue('checkout-web'));
    expect(form.getByLabelText('Note')).toHaveValue('after deploy');
    expect(paramCalls.bodies).toEqual([
      { id: ids.restart, config_id: ids.deployment },
      { id: ids.restart, config_id: ids.otherDeployment },
    ]);
  });

  it('says when a playbook has no parameters and shows Running... while the run starts', async () => {
    const { dialog, user, notify } = await openDialog(
      vacuumPlaybook,
      () => HttpResponse.json({ params: [] }),
      [
        http.post('/api/playbook/run', async () => {
          await delay(300);
          return HttpResponse.json({ error: 'playbook is disabled' }, { status: 500 });
        }),
      ],
    );
    const form = within(dialog);
    expect(await form.findByText('No parameters for this playbook.')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Run' }));
    expect(await form.findByRole('button', { name: 'Running...' })).toBeDisabled();
    await waitFor(() => expect(form.getByRole('button', { name: 'Run' })).toBeEnabled());
    // The failure is a toast with the response's error field (spec 000 §8), not the query layer's.
    expect(notify).toEqual([]);
    expect(await screen.findByText('playbook is disabled')).toBeInTheDocument();
  });
});
