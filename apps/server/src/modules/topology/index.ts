/** What the topology lends other areas: the Kubernetes-style API serves Topology with its schema. */
export { topologyJsonSchema } from './spec/topology-schema.ts';
