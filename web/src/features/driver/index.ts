export { DriverPage } from './driver-page';
