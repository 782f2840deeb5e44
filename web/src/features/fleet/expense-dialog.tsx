/** The expense dialog of a vehicle. */
import { SimpleGrid, TextInput } from '@mantine/core';
import { todayInPerth } from '@pilbara/shared-schema';
import { SelectField, registerField } from '../../components/form-fields';
import { addExpense } from './fleet-actions';
import { EXPENSE_TYPES, expenseFormDefaults, expenseFormSchema } from './fleet-forms';
import { DecimalInput, PaidCheckbox, type RecordDialogProps } from './record-fields';
import { FLEET_TEXT } from './fleet-text';
import { RecordDialog, useRecordForm } from './form-dialog';

/** Expense: type, amount in dollars, date, vendor, invoice. */
export function ExpenseDialog({ vehicle, onClose }: Omit<RecordDialogProps, 'vehicles'>) {
  const { form, onSubmit } = useRecordForm(
    expenseFormSchema,
    expenseFormDefaults(vehicle.id, todayInPerth()),
    addExpense,
    onClose,
  );
  return (
    <RecordDialog
      vehicle={vehicle}
      action={FLEET_TEXT.addExpense}
      formLabel="Expense"
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={form.formState.isSubmitting}
    >
      <SelectField
        control={form.control}
        name="expenseType"
        label="Expense Type"
        withAsterisk
        data={[...EXPENSE_TYPES]}
      />
      <SimpleGrid cols={2} spacing="sm">
        <DecimalInput form={form} name="amount" label="Amount ($)" />
        <TextInput label="Date" withAsterisk type="date" {...registerField(form, 'expenseDate')} />
        <TextInput label="Vendor" {...form.register('vendor')} />
        <TextInput label="Invoice Number" {...form.register('invoiceNumber')} />
      </SimpleGrid>
      <TextInput label="Description" {...form.register('description')} />
      <PaidCheckbox form={form} />
    </RecordDialog>
  );
}
