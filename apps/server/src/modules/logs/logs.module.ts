import { defineModule } from '../../platform/module.ts';

/** The logs area: its backends (tables only so far). */
export const logsModule = defineModule({
  name: 'logs',
  resources: [{ name: 'logging_backends', object: 'logging_backends', sourceManaged: true }],
});
