export { FleetPage } from './fleet-page';
export { DriverPrestart } from './driver-prestart';
