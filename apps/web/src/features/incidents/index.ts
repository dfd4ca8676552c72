/** What other features may use: Link to Incident (checks, config items, components). */
export { LinkToIncidentDialog, type LinkTarget } from './components/link-to-incident-dialog.tsx';
export { LinkToIncidentButton } from './components/link-to-incident-button.tsx';
