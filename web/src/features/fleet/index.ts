export { FleetPage } from './fleet-page';
