export { LiveStatusWidget, useBlink, type LiveStatusWidgetProps } from './live-status-widget';
