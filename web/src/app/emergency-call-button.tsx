import { IconPhoneCall } from '@tabler/icons-react';
import { telHref } from '../lib/format';
import { useOperators } from '../components/profile-provider';
import classes from './layout.module.css';

/** The floating emergency call button of every page: a 64 px tel: link to the main operator. */
export function EmergencyCallButton() {
  const { main } = useOperators();
  return (
    <a
      href={telHref(main.phone)}
      className={`${classes.emergencyButton} emergency-pulse`}
      aria-label={`Emergency call ${main.phone}`}
      title={`Emergency call ${main.phone}`}
    >
      <IconPhoneCall size={30} aria-hidden />
    </a>
  );
}
