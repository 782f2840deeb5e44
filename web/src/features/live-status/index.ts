export { LiveStatusWidget, useBlink, type LiveStatusWidgetProps } from './live-status-widget';
export { useStoredDrivers } from './use-stored-drivers';
