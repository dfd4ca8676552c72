/** What other features may use: the Link to Incident dialog (checks, configs, components). */
export { LinkToIncidentDialog, type LinkTarget } from './components/link-to-incident-dialog.tsx';
