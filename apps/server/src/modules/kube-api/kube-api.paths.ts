/** Where the Kubernetes-style API lives under /api; a kubeconfig's server ends with it. */
export const kubeApiPrefix = '/kubernetes';
