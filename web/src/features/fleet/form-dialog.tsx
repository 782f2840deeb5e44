/**
 * The frame the fleet's form dialogs share: a form checked by its zod schema that closes the
 * dialog once the action has saved, and the Cancel + submit row at the bottom.
 */
import type { FormEventHandler, ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { Vehicle } from '@pilbara/shared-schema';
import type { z } from 'zod';
import { FLEET_TEXT } from './fleet-text';

/** Cancel on the left, the submit button (spinning while the action runs) on the right. */
export function DialogActions({
  onCancel,
  submitting,
  label,
}: {
  onCancel: () => void;
  submitting: boolean;
  label: string;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        {FLEET_TEXT.cancel}
      </Button>
      <Button type="submit" loading={submitting}>
        {label}
      </Button>
    </Group>
  );
}

/**
 * A record form: `schema` shows its messages under the fields, and `save` (a fleet action that
 * resolves true once the record is stored) closes the dialog when it succeeds.
 */
export function useRecordForm<TInput extends FieldValues, TData>(
  schema: z.ZodType<TData, TInput>,
  defaultValues: DefaultValues<TInput>,
  save: (values: TData) => Promise<boolean>,
  onClose: () => void,
) {
  const form = useForm<TInput, unknown, TData>({
    resolver: zodResolver(schema),
    defaultValues,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    if (await save(values)) onClose();
  });
  return { form, onSubmit };
}

/**
 * A record dialog of one vehicle: titled '<action> · <vehicle>', its form named `formLabel`,
 * the fields, then Cancel and a submit button labelled like the action.
 */
export function RecordDialog({
  vehicle,
  action,
  formLabel,
  onClose,
  onSubmit,
  submitting,
  children,
}: {
  vehicle: Vehicle;
  action: string;
  formLabel: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={`${action} · ${vehicle.name || vehicle.registration}`}>
      <form onSubmit={onSubmit} noValidate aria-label={formLabel}>
        <Stack gap="sm">
          {children}
          <DialogActions onCancel={onClose} submitting={submitting} label={action} />
        </Stack>
      </form>
    </Modal>
  );
}
