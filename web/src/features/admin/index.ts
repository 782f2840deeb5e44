export { AdminPage, type AdminPageProps } from './admin-page';
