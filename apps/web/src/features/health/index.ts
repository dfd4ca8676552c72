// What other features may use from health checks.
export { ConfigChecks } from './components/config-checks.tsx';
