/** Staff alerts on the device: the in-app alarm, and the On call tab. */
export { StaffAlarm } from './staff-alarm';
export { OnCallPanel } from './on-call-panel';
