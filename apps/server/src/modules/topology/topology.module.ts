import { defineModule } from '../../platform/module.ts';

/** The topology area: components and their relationships (tables only so far). */
export const topologyModule = defineModule({
  name: 'topology',
  resources: [
    { name: 'topologies', object: 'topologies', sourceManaged: true },
    { name: 'components', object: 'topologies' },
    { name: 'component_relationships', object: 'topologies' },
    { name: 'team_components', object: 'topologies' },
  ],
});
