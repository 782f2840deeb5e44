export { FleetPage, type FleetPageProps } from './fleet-page';
export { DriverPrestart } from './driver-prestart';
