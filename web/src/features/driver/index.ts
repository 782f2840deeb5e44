export { DriverPage, type DriverPageProps } from './driver-page';
