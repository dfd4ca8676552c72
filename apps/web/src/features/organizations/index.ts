/** What the app shell uses from organisations (hosted mode). */
export { OrganizationSwitcher } from './components/organization-switcher.tsx';
export { ProvisioningScreen } from './components/provisioning-screen.tsx';
