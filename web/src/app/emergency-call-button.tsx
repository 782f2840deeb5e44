import { IconPhoneCall } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useEditingField } from '../lib/floating';
import { telHref } from '../lib/format';
import { useOperators } from '../components/profile-provider';
import classes from './layout.module.css';

/**
 * The emergency call button of every page: a tel: link to the main operator. On a desktop it
 * floats in the corner (64 px). On a phone it is a full-width bar docked at the foot of the
 * screen whose height the page reserves, as the header's is at the top: floating, it would sit
 * over the page's own controls (a tap on a job's Map button would dial the office). It steps aside
 * while a field is being edited (with the keyboard up it would sit on the input being typed
 * in); the header's call button is still there. Staff screens (admin, driver, account) do
 * not carry it at all: it is the customers' way to reach the business, on a phone it took a
 * driver's thumb room, and in a desktop's corner it sat on the price list's fields; staff have
 * the header's call button. The page then keeps no room for the dock (`data-staff-screen` on
 * the root, global.css).
 */
export function EmergencyCallButton() {
  const { main } = useOperators();
  const editing = useEditingField();
  const staffScreen = /^\/(admin|driver|account)(\/|$)/.test(useLocation().pathname) || undefined;
  useEffect(() => {
    if (!staffScreen) return;
    document.documentElement.dataset.staffScreen = 'true';
    return () => {
      delete document.documentElement.dataset.staffScreen;
    };
  }, [staffScreen]);
  if (staffScreen) return null;
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
        <IconPhoneCall size={30} aria-hidden className={classes.emergencyIcon} />
        {/* The bar's words are its accessible name, word for word (WCAG 2.5.3). */}
        <span className={classes.emergencyText} aria-hidden>
          <IconPhoneCall size={20} />
          Emergency call {main.phone}
        </span>
      </a>
    </>
  );
}
