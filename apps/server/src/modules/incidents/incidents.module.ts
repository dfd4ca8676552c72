import { defineModule } from '../../platform/module.ts';

/** The incidents area (tables only so far). */
export const incidentsModule = defineModule({
  name: 'incidents',
  resources: [
    { name: 'incidents', object: 'incident' },
    { name: 'hypotheses', object: 'incident' },
    { name: 'incident_histories', object: 'incident' },
    { name: 'evidences', object: 'evidences' },
    { name: 'comments', object: 'comments' },
    { name: 'responders', object: 'responder' },
    { name: 'incident_rules', object: 'database', sourceManaged: true },
    { name: 'incidents_by_component', object: 'incident', readOnly: true },
  ],
});
