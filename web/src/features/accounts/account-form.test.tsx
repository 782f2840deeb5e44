import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES, MESSAGES, type AccountInput } from '@pilbara/shared-schema';
import { anAccount } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { choose, fill, selectInput } from '../../lib/testing/user-input';
import { AccountForm } from './account-form';
import { fillAccountBasics } from './accounts-fixture';
import { accountToForm, emptyAccountForm, type AccountFormValues } from './account-form-model';

const DRIVERS = [{ id: 2, name: 'Sam Taylor' }];
const TRUCKS = [{ id: 1, name: 'Big Red' }];
const CHECK_FIELDS = 'Check the fields marked above.';

/**
 * The form as the Accounts tab shows it; what it hands the tab to save is kept in `saved`, and
 * `answer` is how the save ends (the tab answers true once the device has it).
 */
function renderForm(
  initial: AccountFormValues = emptyAccountForm(),
  answer: () => Promise<boolean> = async () => true,
) {
  const saved: AccountInput[] = [];
  const onCancel = vi.fn();
  const view = renderScreen(
    <AccountForm
      initial={initial}
      drivers={DRIVERS}
      vehicles={TRUCKS}
      title="New account"
      onCancel={onCancel}
      onSave={async ({ input }) => {
        saved.push(input);
        return answer();
      }}
    />,
  );
  const form = screen.getByRole('region', { name: 'New account' });
  const field = (label: RegExp) => within(form).getByLabelText(label);
  const save = () => view.user.click(within(form).getByRole('button', { name: 'Save account' }));
  return { ...view, form, field, save, saved, onCancel };
}

type Form = ReturnType<typeof renderForm>;

const fillRequired = ({ user, form }: Form) => fillAccountBasics(user, form);

describe('the account form', () => {
  it('names each missing field with the schema’s message and hands nothing to save', async () => {
    const view = renderForm();
    await view.save();
    expect(await within(view.form).findByText(ACCOUNT_MESSAGES.ACCOUNT_NAME_REQUIRED)).toBeTruthy();
    expect(within(view.form).getByText(ACCOUNT_MESSAGES.ACCOUNT_TYPE_REQUIRED)).toBeTruthy();
    expect(within(view.form).getByText(ACCOUNT_MESSAGES.LEGAL_NAME_REQUIRED)).toBeTruthy();
    expect(within(view.form).getByRole('alert').textContent).toBe(CHECK_FIELDS);
    expect(view.saved).toEqual([]);
  });

  it.each([
    ['ABN', /^ABN/, '12 345 678 901', ACCOUNT_MESSAGES.ABN_INVALID],
    ['billing email', /^Billing email/, 'accounts at haulage', MESSAGES.EMAIL_INVALID],
    ['terms', /^Days to pay/, '200', ACCOUNT_MESSAGES.TERMS_DAYS_RANGE],
    ['credit limit', /^Credit limit/, 'lots', ACCOUNT_MESSAGES.CREDIT_LIMIT_RANGE],
  ])('refuses a wrong %s with its message', async (_name, label, typed, message) => {
    const view = renderForm();
    await fillRequired(view);
    await view.user.clear(view.field(label));
    await fill(view.user, view.field(label), typed);
    await view.save();
    expect(await within(view.form).findByText(message)).toBeTruthy();
    expect(view.saved).toEqual([]);
  });

  it('asks for the blanket PO’s number, expiry and value only once a blanket PO is chosen', async () => {
    const view = renderForm();
    expect(within(view.form).queryByLabelText(/^Blanket PO number/)).toBeNull();
    await fillRequired(view);
    await view.user.click(within(view.form).getByRole('radio', { name: 'Blanket PO' }));
    await view.save();
    expect(await within(view.form).findByText(ACCOUNT_MESSAGES.PO_NUMBER_REQUIRED)).toBeTruthy();
    expect(within(view.form).getByText(ACCOUNT_MESSAGES.PO_EXPIRY_REQUIRED)).toBeTruthy();
    expect(within(view.form).getByText(ACCOUNT_MESSAGES.PO_CAP_REQUIRED)).toBeTruthy();
    expect(view.saved).toEqual([]);
  });

  it('hands over the whole account: dollars as cents, terms, blanket PO, contact and site', async () => {
    const view = renderForm();
    const { user, form, field } = view;
    await fillRequired(view);
    await fill(user, field(/^ABN/), '51 824 753 556');
    await fill(user, field(/^Billing email/), 'ap@haulage.example');
    await user.click(within(form).getByRole('radio', { name: 'End of month +' }));
    await user.clear(field(/^Days after end of month/));
    await fill(user, field(/^Days after end of month/), '30');
    await fill(user, field(/^Credit limit/), '25,000');
    await user.click(within(form).getByRole('radio', { name: 'Blanket PO' }));
    await fill(user, field(/^Blanket PO number/), 'PO-7781');
    await fill(user, field(/^Expires on/), '2027-03-31');
    await fill(user, field(/^Value/), '12000.50');

    await user.click(within(form).getByRole('button', { name: 'Add contact' }));
    await fill(user, field(/^Name$/), 'Priya Nair');
    await fill(user, field(/^Phone$/), '0891 000 111');

    await user.click(within(form).getByRole('button', { name: 'Add site' }));
    await fill(user, field(/^Site name/), 'Dampier yard');
    await fill(user, field(/^Location/), 'Village Rd, Dampier');
    await user.click(within(form).getByRole('button', { name: 'Add induction' }));
    await choose(user, selectInput(form, 'Driver or truck'), 'Big Red');
    await fill(user, field(/^Until/), '2027-06-30');
    await view.save();

    await waitFor(() => expect(view.saved).toHaveLength(1));
    expect(view.saved[0]).toMatchObject({
      name: 'Pilbara Haulage',
      type: 'fleet',
      legalName: 'Pilbara Haulage Pty Ltd',
      abn: '51 824 753 556',
      billingEmail: 'ap@haulage.example',
      terms: { kind: 'eom', days: 30 },
      creditLimitCents: 2_500_000,
      poRule: { kind: 'blanket', number: 'PO-7781', expiresOn: '2027-03-31', capCents: 1_200_050 },
      isActive: true,
      contacts: [{ name: 'Priya Nair', phone: '0891 000 111', role: '', email: '' }],
      sites: [
        {
          name: 'Dampier yard',
          location: 'Village Rd, Dampier',
          inductions: [{ kind: 'vehicle', vehicleId: 1, userId: null, expiresOn: '2027-06-30' }],
        },
      ],
    });
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('needs a contact’s name, and a removed contact is not asked for', async () => {
    const view = renderForm();
    await fillRequired(view);
    await view.user.click(within(view.form).getByRole('button', { name: 'Add contact' }));
    await view.save();
    expect(await within(view.form).findByText(ACCOUNT_MESSAGES.CONTACT_NAME_REQUIRED)).toBeTruthy();
    await view.user.click(within(view.form).getByRole('button', { name: 'Remove contact 1' }));
    await view.save();
    await waitFor(() => expect(view.saved).toHaveLength(1));
    expect(view.saved[0]?.contacts).toEqual([]);
  });

  it('needs a site’s name and place, and who each induction is for and until when', async () => {
    const view = renderForm();
    await fillRequired(view);
    await view.user.click(within(view.form).getByRole('button', { name: 'Add site' }));
    await view.user.click(within(view.form).getByRole('button', { name: 'Add induction' }));
    await view.save();
    expect(await within(view.form).findByText(ACCOUNT_MESSAGES.SITE_NAME_REQUIRED)).toBeTruthy();
    expect(within(view.form).getByText(ACCOUNT_MESSAGES.SITE_LOCATION_REQUIRED)).toBeTruthy();
    expect(within(view.form).getByText(ACCOUNT_MESSAGES.INDUCTION_WHO_REQUIRED)).toBeTruthy();
    expect(within(view.form).getByText(ACCOUNT_MESSAGES.INDUCTION_EXPIRY_REQUIRED)).toBeTruthy();

    await view.user.click(within(view.form).getByRole('button', { name: 'Remove site' }));
    await view.save();
    await waitFor(() => expect(view.saved).toHaveLength(1));
    expect(view.saved[0]?.sites).toEqual([]);
  });

  it('opens an account to edit as it is stored, and hands back its ids unchanged', async () => {
    const account = anAccount({ poRule: { kind: 'none' }, creditLimitCents: 0 });
    const view = renderForm(accountToForm(account));
    expect((view.field(/^Account name/) as HTMLInputElement).value).toBe(account.name);
    expect(selectInput(view.form, /^Kind/).value).toBe('Mine site or contractor');
    expect((view.field(/^Credit limit/) as HTMLInputElement).value).toBe('');
    expect((view.field(/^Site name/) as HTMLInputElement).value).toBe('Cape Lambert gate 2');
    const inducted = within(view.form)
      .getAllByLabelText('Driver or truck')
      .filter((element): element is HTMLInputElement => element instanceof HTMLInputElement)
      .map((input) => input.value);
    expect(inducted).toEqual(['Sam Taylor', 'Big Red']);

    await view.user.click(within(view.form).getByRole('checkbox', { name: /^Open/ }));
    await view.save();
    await waitFor(() => expect(view.saved).toHaveLength(1));
    expect(view.saved[0]).toMatchObject({
      isActive: false,
      creditLimitCents: 0,
      contacts: [{ id: 'c1', name: 'Priya Nair' }],
      sites: [
        {
          id: 's1',
          inductions: [
            { id: 'i1', kind: 'driver', userId: 2 },
            { id: 'i2', kind: 'vehicle', vehicleId: 1 },
          ],
        },
      ],
    });
  });

  it('keeps Save busy until the save answers, so a second tap cannot save twice', async () => {
    let finish: (ok: boolean) => void = () => undefined;
    const view = renderForm(
      emptyAccountForm(),
      () => new Promise<boolean>((resolve) => (finish = resolve)),
    );
    await fillRequired(view);
    await view.save();
    const button = within(view.form).getByRole('button', { name: 'Save account' });
    await waitFor(() => expect(button.getAttribute('data-loading')).toBe('true'));
    expect(button.hasAttribute('disabled')).toBe(true);
    finish(false);
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(view.saved).toHaveLength(1);
  });

  it('goes back without handing anything to save on Cancel', async () => {
    const view = renderForm();
    await fill(view.user, view.field(/^Account name/), 'Half typed');
    await view.user.click(within(view.form).getByRole('button', { name: 'Cancel' }));
    expect(view.onCancel).toHaveBeenCalledTimes(1);
    expect(view.saved).toEqual([]);
  });
});
