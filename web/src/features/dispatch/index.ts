export { DispatchPage } from './dispatch-page';
