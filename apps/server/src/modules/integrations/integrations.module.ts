import { defineModule } from '../../platform/module.ts';

/**
 * The integrations area: the settings lists of topologies and logging backends with their
 * latest job, and /settings/integrations over them and the catalog's scrapers.
 */
export const integrationsModule = defineModule({
  name: 'integrations',
  resources: [
    { name: 'topologies_with_status', object: 'topologies', readOnly: true },
    { name: 'logging_backends_with_status', object: 'logging_backends', readOnly: true },
    { name: 'integrations_with_status', object: 'integrations', readOnly: true },
  ],
});
