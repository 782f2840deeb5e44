export { FleetPage, type FleetPageProps } from './fleet-page';
