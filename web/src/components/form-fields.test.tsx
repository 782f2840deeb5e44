import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TextInput } from '@mantine/core';
import { useForm, type Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../app/test-providers';
import { registerField, SelectField } from './form-fields';

interface Values {
  name: string;
  colour: string;
  size: string;
}

const resolver: Resolver<Values> = async (values) => {
  const errors: Record<string, { type: string; message: string }> = {};
  if (!values.name) errors.name = { type: 'required', message: 'Enter a name' };
  if (!values.colour) errors.colour = { type: 'required', message: 'Choose a colour' };
  if (!values.size) errors.size = { type: 'required', message: 'Choose a size' };
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

function Demo({ onValid }: { onValid: (values: Values) => void }) {
  const form = useForm<Values>({ resolver, defaultValues: { name: '', colour: '', size: '' } });
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate aria-label="Demo">
      <SelectField control={form.control} name="size" label="Size" data={['Small', 'Large']} />
      <SelectField control={form.control} name="colour" label="Colour" data={['Red', 'Blue']} />
      <TextInput label="Name" {...registerField(form, 'name')} />
      <button type="submit">Save</button>
    </form>
  );
}

const selectInput = (label: string) => screen.getByLabelText(label, { selector: 'input' });

describe('form fields', () => {
  it('shows each message under its field', async () => {
    renderWithProviders(<Demo onValid={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a name')).toBeTruthy();
    expect(screen.getByText('Choose a colour')).toBeTruthy();
    expect(screen.getByText('Choose a size')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(selectInput('Colour').getAttribute('aria-invalid')).toBe('true');
  });

  it('moves focus to the first invalid field, a select included', async () => {
    renderWithProviders(<Demo onValid={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ute' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a size')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(selectInput('Size')));
  });

  it('submits the chosen options and the typed text', async () => {
    const onValid = vi.fn();
    renderWithProviders(<Demo onValid={onValid} />);
    fireEvent.click(selectInput('Size'));
    fireEvent.click(await screen.findByRole('option', { name: 'Large', hidden: true }));
    fireEvent.click(selectInput('Colour'));
    fireEvent.click(await screen.findByRole('option', { name: 'Blue', hidden: true }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ute' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ name: 'Ute', colour: 'Blue', size: 'Large' });
  });

  it('stores an empty string when the chosen option is deselected', async () => {
    const onValid = vi.fn();
    renderWithProviders(<Demo onValid={onValid} />);
    fireEvent.click(selectInput('Size'));
    fireEvent.click(await screen.findByRole('option', { name: 'Small', hidden: true }));
    fireEvent.click(selectInput('Size'));
    fireEvent.click(await screen.findByRole('option', { name: 'Small', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a size')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
  });
});
