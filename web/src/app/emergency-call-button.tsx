import { IconPhoneCall } from '@tabler/icons-react';
import { useEditingField } from '../lib/floating';
import { telHref } from '../lib/format';
import { useOperators } from '../components/profile-provider';
import classes from './layout.module.css';

/**
 * The floating emergency call button of every page: a 64 px tel: link to the main operator. It
 * steps aside while a field is being edited (on a phone it would sit on the input being typed
 * in, above the keyboard); the header's call button is still there.
 */
export function EmergencyCallButton() {
  const { main } = useOperators();
  const editing = useEditingField();
  return (
    <>
      <span className={classes.emergencyPulse} data-hidden={editing || undefined} aria-hidden />
      <a
        href={telHref(main.phone)}
        data-hidden={editing || undefined}
        className={classes.emergencyButton}
        aria-label={`Emergency call ${main.phone}`}
        title={`Emergency call ${main.phone}`}
      >
        <IconPhoneCall size={30} aria-hidden />
      </a>
    </>
  );
}
